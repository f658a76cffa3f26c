/**
 * GET /api/inbox-events: changes of the inbox as server-sent events, for open inboxes (decision
 * 091). Admins only, checked here as requireAdmin checks server functions (401 without a
 * session, 403 for anyone else); same-origin only. The events carry what the database announces,
 * a kind and a row count, never a message: the page reads the messages through listMessages.
 */
import type { AuthService, InboxChange, InboxEvents, RequestContext } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'

export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream ends or drops. */
export const RETRY_MS = 3_000

const encoder = new TextEncoder()

function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

export interface InboxStreamOptions {
  signal?: AbortSignal
  heartbeatMs?: number
  /** The stream ends after this long; the browser reconnects and is authorized again. */
  lifetimeMs?: number
}

/**
 * `ready` once changes are being heard (the page reads its list again then, so nothing written
 * while it connected is missed), an `inbox` event per change, a comment every HEARTBEAT_MS.
 */
export function createInboxEventStream(events: InboxEvents, options: InboxStreamOptions = {}): ReadableStream<Uint8Array> {
  let cleanup = () => {}
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false
      let unsubscribe = () => {}
      const send = (text: string) => {
        if (closed) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS)
      const lifetime = setTimeout(() => cleanup(), options.lifetimeMs ?? LIMITS.inbox.liveStreamSeconds * 1000)
      cleanup = () => {
        if (closed) return
        closed = true
        clearInterval(heartbeat)
        clearTimeout(lifetime)
        unsubscribe()
        options.signal?.removeEventListener('abort', cleanup)
        try {
          controller.close()
        } catch {
          // Already closed or errored by the consumer.
        }
      }
      if (options.signal?.aborted) return cleanup()
      options.signal?.addEventListener('abort', cleanup)

      send(`retry: ${RETRY_MS}\n\n`)
      try {
        const stop = await events.subscribe((change: InboxChange) => send(formatEvent('inbox', change)))
        if (closed) return stop()
        unsubscribe = stop
        send(formatEvent('ready', {}))
      } catch (error) {
        // The browser tries again after RETRY_MS.
        console.warn('[inbox-events] cannot hear inbox changes:', (error as Error).message)
        cleanup()
      }
    },
    cancel() {
      cleanup()
    },
  })
}

function refusal(status: number, code: string): Response {
  return Response.json({ code }, { status, headers: { 'cache-control': 'no-store' } })
}

export async function inboxEventsResponse(
  request: Request,
  backend: { auth: Pick<AuthService, 'getUser' | 'isAdmin'>; inboxEvents: InboxEvents },
  context: RequestContext,
  options: Omit<InboxStreamOptions, 'signal'> = {},
): Promise<Response> {
  // A GET, so the CSRF middleware lets it through: another site must not even learn the status.
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return refusal(403, 'forbidden')
  const user = await backend.auth.getUser(context)
  if (!user) return refusal(401, 'unauthenticated')
  if (!(await backend.auth.isAdmin(user.email))) return refusal(403, 'forbidden')
  return new Response(createInboxEventStream(backend.inboxEvents, { ...options, signal: request.signal }), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    },
  })
}
