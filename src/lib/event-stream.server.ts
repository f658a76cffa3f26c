/** Server-sent events (text/event-stream) for the app's live endpoints: the banner feed of the
 * landing pages and the inbox feed of the admin area. */

import { log } from './log.server'
import { openEventStreams } from './metrics.server'

const encoder = new TextEncoder()

/** The open streams' cleanups, for shutdown; on globalThis as plugins and routes may each bundle a copy. */
const OPEN = Symbol.for('pusula.eventStreams')
const streamsHolder = globalThis as { [OPEN]?: Set<() => void> }
streamsHolder[OPEN] ??= new Set()
const openStreams = streamsHolder[OPEN]

/** Ends every open event stream at shutdown, or the HTTP server waits for each until its grace period ends. */
export function endEventStreams(): number {
  const cleanups = [...openStreams]
  for (const cleanup of cleanups) cleanup()
  return cleanups.length
}

export function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

export interface EventSink {
  send(event: string, data: unknown): void
  /** Ends the stream from the server's side (a session that ended). */
  end(): void
}

export interface EventStreamOptions {
  /** How long the browser waits before reconnecting after the stream ends or drops. */
  retryMs: number
  heartbeatMs: number
  /** The stream ends after this long (the browser reconnects). */
  lifetimeMs?: number
  /** The browser went away (the request's signal). */
  signal?: AbortSignal
  /** Starts the source after the `retry:` line; resolves to what stops it. A rejection ends the stream. */
  start: (sink: EventSink) => Promise<() => void>
  /** Names the stream in the warning logged when `start` fails. */
  name: string
}

export function createEventStream(options: EventStreamOptions): ReadableStream<Uint8Array> {
  let cleanup = () => {}
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false
      let stopSource = () => {}
      const write = (text: string) => {
        if (closed) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      openEventStreams.inc({ stream: options.name })
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs)
      const lifetime = options.lifetimeMs === undefined ? undefined : setTimeout(() => cleanup(), options.lifetimeMs)
      cleanup = () => {
        if (closed) return
        closed = true
        openStreams.delete(cleanup)
        openEventStreams.dec({ stream: options.name })
        clearInterval(heartbeat)
        clearTimeout(lifetime)
        stopSource()
        options.signal?.removeEventListener('abort', cleanup)
        try {
          controller.close()
        } catch {
          // Already closed or errored by the consumer.
        }
      }
      openStreams.add(cleanup)
      if (options.signal?.aborted) return cleanup()
      options.signal?.addEventListener('abort', cleanup)

      write(`retry: ${options.retryMs}\n\n`)
      try {
        const stop = await options.start({ send: (event, data) => write(formatEvent(event, data)), end: () => cleanup() })
        if (closed) return stop()
        stopSource = stop
      } catch (error) {
        log().warn({ err: error, stream: options.name }, 'cannot start the event stream')
        cleanup()
      }
    },
    cancel() {
      cleanup()
    },
  })
}

/** The response for an event stream: never cached or transformed, never buffered by a proxy. */
export function eventStreamResponse(stream: ReadableStream<Uint8Array>, cacheControl = 'no-store, no-transform'): Response {
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': cacheControl,
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    },
  })
}
