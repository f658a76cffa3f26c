import { definePlugin } from 'nitro'
import { closeBackend } from '../backend/index.server'

/**
 * Closes the backend when the server has stopped: after a SIGTERM or SIGINT the server stops
 * taking requests, lets the open ones finish, and the event loop empties. Only then is the
 * embedded database closed (checkpointed, its data-folder lock released), so no request
 * still in flight loses its database. (Nitro's node server does not call its `close` hook
 * on signals.)
 */
export default definePlugin(() => {
  let closed = false
  process.on('beforeExit', () => {
    if (closed) return
    closed = true
    void closeBackend()
  })
})
