import { definePlugin } from 'nitro'
import { answerVisitBeacon } from '../features/visits/beacon-deps.server'
import { isVisitBeacon } from '../features/visits/beacon-entry.server'

/** The page-view beacon is answered before Nitro's router, its hooks and Start's handler: work a
 * beacon does not need, at a thousand a second (docs/decisions/241-beacon-batches.md). */
export default definePlugin((nitroApp) => {
  const next = nitroApp.fetch
  nitroApp.fetch = (request) => (isVisitBeacon(request) ? answerVisitBeacon(request) : next(request))
})
