import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { warmStats } from '../features/stats/warm-stats.server'
import { log } from '../lib/log.server'

/** The statistics page's queries once at start (decision 241), so its first visit costs what later ones do; failures only logged. */
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
