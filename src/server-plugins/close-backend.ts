import { definePlugin } from 'nitro'
import { closeBackend, stopBackendWork } from '../backend/index.server'

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
  // The mail worker's timer queries the database every few seconds, which would keep the event
  // loop from ever emptying: it stops with the server (the mail under way finishes first).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stopBackendWork().finally(() => {
        // Nobody else handles the signal (a dev server): let it do what it does by default.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
      })
    })
  }
})
