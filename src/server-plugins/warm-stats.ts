import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { warmStats } from '../features/stats/warm-stats.server'
import { log } from '../lib/log.server'

/** Runs the statistics page's queries once as the server starts, so that its first visit after a
 * start reads from warm buffers and code, as later ones do. A failure is only logged: the page works
 * without it, its first visit is slower. */
export default definePlugin(() => {
  void (async () => {
    try {
      const ms = await warmStats((await getBackend()).visits)
      log().info(`[stats] queries warmed in ${Math.round(ms)} ms`)
    } catch (error) {
      log().warn({ err: error }, '[stats] warming the queries failed; the first visit will be slower')
    }
  })()
})
