/** The statistics page's queries, once as the server starts (docs/decisions/241-beacon-batches.md). */
import type { VisitStore } from '~/backend/backend'
import { istanbulDay } from '~/domain/visits'
import { LIMITS } from '~/lib/limits'
import { filterOf, resolveRange } from './stats.range'
import type { StatsSearch } from './stats.search'

/** The longest named range reads every day the shorter ones do, and one filter reads the combinations. */
export const WARM_STATS: readonly StatsSearch[] = [{ range: '12m' }, { range: '12m', device: 'phone' }]

export async function warmStats(visits: Pick<VisitStore, 'stats'>, now = new Date()): Promise<number> {
  const started = performance.now()
  for (const search of WARM_STATS) {
    const { range, previous } = resolveRange(search, istanbulDay(now))
    await visits.stats({ range, previous, filter: filterOf(search), rows: LIMITS.visits.tableRows })
  }
  return performance.now() - started
}
