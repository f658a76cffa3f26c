/** visit_live's figures beside the same figures grouped again from every raw view (what the rollup
 * stores), in one order, so a test can compare the two: the counters must never drift. */
import { DIMENSIONS, groupedRaw } from '~/backend/sql/visit-stats.server'

const COLUMNS = `day::text as day, ${DIMENSIONS}, views::int as views, visitors::int as visitors, entries::int as entries`
const ORDER = `order by day, ${DIMENSIONS}`

export const LIVE_FIGURES = `select ${COLUMNS} from public.visit_live where views > 0 ${ORDER}`
export const RAW_FIGURES = `select ${COLUMNS} from (${groupedRaw('true')}) g ${ORDER}`
