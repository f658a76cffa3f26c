/**
 * Live hero-banner updates as server-sent events: what the original app had from a Supabase
 * Realtime channel, `hero-updates` (UPDATE on hero_settings filtered by key). One stream per
 * open page, for one banner key; it ends when the browser goes away.
 */
import * as v from 'valibot'
import type { BannerChange, BannerKey, BannerStore } from '~/backend/backend'
import { toBannerChange } from '~/backend/domain'
import { BannerEventsQuerySchema } from './landing.schemas'

export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream drops. */
export const RETRY_MS = 5_000

const encoder = new TextEncoder()

export function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * The event stream for `key`: first a `snapshot` of the row (so a browser that reconnects
 * catches up on what it missed), then a `banner` event per change of that key only,
 * and a comment line every HEARTBEAT_MS so proxies keep the connection open.
 */
export function createBannerEventStream(
  banners: Pick<BannerStore, 'getPublic' | 'subscribe'>,
  key: BannerKey,
  options: { signal?: AbortSignal; heartbeatMs?: number } = {},
): ReadableStream<Uint8Array> {
  let cleanup = () => {}
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false
      const send = (text: string) => {
        if (closed) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      const unsubscribe = banners.subscribe((change: BannerChange) => {
        if (change.key === key) send(formatEvent('banner', change))
      })
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS)
      cleanup = () => {
        if (closed) return
        closed = true
        clearInterval(heartbeat)
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
        const row = await banners.getPublic(key)
        send(formatEvent('snapshot', row ? toBannerChange(row) : { key, imageUrl: null, updatedAt: null }))
      } catch (error) {
        // Changes still arrive; the page keeps what it rendered.
        console.warn('[banner-events] snapshot read failed', error)
      }
    },
    cancel() {
      cleanup()
    },
  })
}

/** GET /api/banner-events?key=tr-banner|en-banner */
export async function bannerEventsResponse(
  request: Request,
  banners: Pick<BannerStore, 'getPublic' | 'subscribe'>,
): Promise<Response> {
  const query = v.safeParse(BannerEventsQuerySchema, { key: new URL(request.url).searchParams.get('key') })
  if (!query.success) {
    return new Response('Unknown or missing banner key.\n', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  return new Response(createBannerEventStream(banners, query.output.key, { signal: request.signal }), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    },
  })
}
