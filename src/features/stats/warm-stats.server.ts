import type { VisitStore } from '~/backend/backend'
import { istanbulDay } from '~/domain/visits'
import { LIMITS } from '~/lib/limits'
import { filterOf, resolveRange } from './stats.range'
import type { StatsSearch } from './stats.search'

/** The page's queries as the server starts (decision 241): the longest range, unfiltered and with a filter. */
export const WARM_STATS: readonly StatsSearch[] = [{ range: '12m' }, { range: '12m', device: 'phone' }]

export async function warmStats(visits: Pick<VisitStore, 'stats'>, now = new Date()): Promise<number> {
  const started = performance.now()
  for (const search of WARM_STATS) {
    const { range, previous } = resolveRange(search, istanbulDay(now))
    await visits.stats({ range, previous, filter: filterOf(search), rows: LIMITS.visits.tableRows })
  }
  return performance.now() - started
}
