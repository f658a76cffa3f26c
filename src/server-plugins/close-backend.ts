import { definePlugin } from 'nitro'
import { closeBackend, stopBackendWork } from '../backend/get-backend.server'
import { endEventStreams } from '../lib/event-stream.server'

/** Closes the backend when the server has stopped: after a SIGTERM or SIGINT the server stops taking
 * requests, lets the open ones finish, and the event loop empties. */
/** Longer than Nitro's own wait for open requests after a signal (5 s). */
const SHUTDOWN_GRACE_MS = 6_000

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
      // The live feeds never end by themselves: the HTTP server would wait out its grace period
      // for them. Ended now, the browsers reconnect after their retry pause.
      endEventStreams()
      // A server's connection pool (postgres and supabase modes) also keeps the loop alive: once
      // the HTTP server's grace period for open requests is over, the backend closes anyway.
      setTimeout(() => {
        if (closed) return
        closed = true
        void closeBackend()
      }, SHUTDOWN_GRACE_MS).unref()
      void stopBackendWork().finally(() => {
        // Nobody else handles the signal (a dev server): let it do what it does by default.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
      })
    })
  }
})
