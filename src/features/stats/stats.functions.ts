/**
 * The statistics page's server function: validate → authorize (requireAdmin) → the backend's
 * visit store. The range is resolved on the server, in Istanbul's calendar, from its own clock.
 */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { istanbulDay, type VisitStats } from '~/domain/visits'
import { requireAdmin } from '~/features/auth/require-admin'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { filterOf, type ResolvedRange, resolveRange } from './stats.range'
import { StatsInputSchema } from './stats.search'

export interface StatsView extends ResolvedRange {
  stats: VisitStats
}

export const getStats = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(StatsInputSchema))
  .handler(async ({ data }): Promise<StatsView> => {
    const resolved = resolveRange(data, istanbulDay(new Date()))
    const backend = await getBackend()
    const stats = await backend.visits.stats({
      range: resolved.range,
      previous: resolved.previous,
      filter: filterOf(data),
      rows: LIMITS.visits.tableRows,
    })
    return { ...resolved, stats }
  })
