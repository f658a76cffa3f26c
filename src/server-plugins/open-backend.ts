import { definePlugin } from 'nitro'
import { getBackend } from '../backend/get-backend.server'
import { log } from '../lib/log.server'

/** Opens the backend as the server starts, not at the first request: on a fresh data folder the
 * embedded database is created, migrated and seeded first (about 3 s on a small machine), and the
 * first visitor should not wait for that. A failure is logged; the first request tries again. */
export default definePlugin(() => {
  getBackend().catch((error: unknown) => {
    log().error({ err: error }, 'backend: could not open at start-up; the first request will try again')
  })
})
