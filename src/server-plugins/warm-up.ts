import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { warmInbox } from '../features/inbox/warm-inbox.server'
import { startWarmUp } from '../features/ops/warm-up.server'
import { warmStats } from '../features/stats/warm-stats.server'
import { log } from '../lib/log.server'

/** Runs the inbox's list queries (src/features/inbox/warm-inbox.server.ts) and the statistics page's
 * (decision 241) once as the server starts, one after the other, so that the first lists staff open
 * cost what later ones do; /readyz waits for it. A failure is only logged: those first calls are slower. */
export default definePlugin(() => {
  startWarmUp.begin()
  void (async () => {
    try {
      const backend = await getBackend()
      try {
        const owners = (await backend.team.list()).map((member) => member.email)
        const ms = await warmInbox(backend.messages, new Date(), owners)
        log().info(`[inbox] list queries warmed in ${Math.round(ms)} ms`)
      } catch (error) {
        log().warn({ err: error }, '[inbox] warming the list queries failed; the first searches will be slower')
      }
      try {
        const ms = await warmStats(backend.visits)
        log().info(`[stats] queries warmed in ${Math.round(ms)} ms`)
      } catch (error) {
        log().warn({ err: error }, '[stats] warming the queries failed; the first visit will be slower')
      }
    } catch (error) {
      log().warn({ err: error }, '[warm-up] the backend did not open; nothing was warmed')
    } finally {
      startWarmUp.end()
    }
  })()
})
