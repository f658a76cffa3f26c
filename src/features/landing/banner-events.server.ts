/** Live hero-banner updates as server-sent events: what the original app had from a Supabase
 * Realtime channel, `hero-updates` (UPDATE on hero_settings filtered by key). One stream per open
 * page, for one banner key; it ends when the browser goes away. */
import * as v from 'valibot'
import { type BannerChange, type BannerKey, toBannerChange } from '~/domain/banners'
import type { BannerStore } from '~/backend/backend'
import { createEventStream, eventStreamResponse } from '~/lib/event-stream.server'
import { BannerEventsQuerySchema } from './landing.schemas'
import { log } from '~/lib/log.server'

export const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream drops. */
export const RETRY_MS = 5_000

/** The event stream for `key`: first a `snapshot` of the row (so a browser that reconnects catches
 * up on what it missed), then a `banner` event per change of that key only, and a comment line
 * every HEARTBEAT_MS so proxies keep the connection open. */
export function createBannerEventStream(
  banners: Pick<BannerStore, 'getPublic' | 'subscribe'>,
  key: BannerKey,
  options: { signal?: AbortSignal; heartbeatMs?: number } = {},
): ReadableStream<Uint8Array> {
  return createEventStream({
    name: 'banner-events',
    retryMs: RETRY_MS,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    signal: options.signal,
    async start(sink) {
      const unsubscribe = banners.subscribe((change: BannerChange) => {
        if (change.key === key) sink.send('banner', change)
      })
      try {
        const row = await banners.getPublic(key)
        sink.send('snapshot', row ? toBannerChange(row) : { key, imageUrl: null, updatedAt: null })
      } catch (error) {
        // Changes still arrive; the page keeps what it rendered.
        log().warn({ err: error }, 'banner-events: snapshot read failed')
      }
      return unsubscribe
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
  return eventStreamResponse(
    createBannerEventStream(banners, query.output.key, { signal: request.signal }),
    'no-cache, no-transform',
  )
}
