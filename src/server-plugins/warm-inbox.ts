import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { inboxWarmUp, warmInbox } from '../features/inbox/warm-inbox.server'
import { log } from '../lib/log.server'

/** Runs the inbox's list queries once as the server starts, so that the first searches staff type
 * after a start cost what later ones do (src/features/inbox/warm-inbox.server.ts). A failure is
 * only logged: the inbox works without it, its first calls are slower. */
export default definePlugin(() => {
  inboxWarmUp.begin()
  void (async () => {
    try {
      const backend = await getBackend()
      const owners = (await backend.team.list()).map((member) => member.email)
      const ms = await warmInbox(backend.messages, new Date(), owners)
      log().info(`[inbox] list queries warmed in ${Math.round(ms)} ms`)
    } catch (error) {
      log().warn({ err: error }, '[inbox] warming the list queries failed; the first searches will be slower')
    } finally {
      inboxWarmUp.end()
    }
  })()
})
