import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BannerChange, PublicBanner } from '~/domain/banners'
import type { BannerStore } from '~/backend/backend'
import { readUntil } from '../../../tests/support/event-stream'
import { bannerEventsResponse, createBannerEventStream } from './banner-events.server'

function fakeBanners(row: PublicBanner | null = null) {
  const listeners = new Set<(change: BannerChange) => void>()
  const store: Pick<BannerStore, 'getPublic' | 'subscribe'> = {
    getPublic: vi.fn(async () => row),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    store,
    listeners,
    emit: (change: BannerChange) => {
      for (const l of listeners) l(change)
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('banner event stream', () => {
  it('sends a snapshot, then only changes of the requested key', async () => {
    const banners = fakeBanners({ key: 'en-banner', imageUrl: '/uploads/a.png', updatedAt: '2026-01-01T00:00:00.000Z' })
    const abort = new AbortController()
    const reader = createBannerEventStream(banners.store, 'en-banner', { signal: abort.signal }).getReader()

    const start = await readUntil(reader, 'event: snapshot')
    expect(start).toContain('retry: 5000')
    expect(start).toContain('"imageUrl":"/uploads/a.png"')

    banners.emit({ key: 'tr-banner', imageUrl: '/uploads/tr.png', updatedAt: '2026-01-02T00:00:00.000Z' })
    banners.emit({ key: 'en-banner', imageUrl: '/uploads/b.png', updatedAt: '2026-01-03T00:00:00.000Z' })
    const next = await readUntil(reader, 'event: banner')
    expect(next).not.toContain('tr.png')
    expect(next).toContain('event: banner\ndata: {"key":"en-banner","imageUrl":"/uploads/b.png"')

    abort.abort()
    expect((await reader.read()).done).toBe(true)
    expect(banners.listeners.size).toBe(0)
  })

  it('sends a heartbeat comment while idle', async () => {
    vi.useFakeTimers()
    const banners = fakeBanners()
    const abort = new AbortController()
    const reader = createBannerEventStream(banners.store, 'tr-banner', { signal: abort.signal, heartbeatMs: 1000 }).getReader()
    await readUntil(reader, 'event: snapshot')
    vi.advanceTimersByTime(1000)
    expect(await readUntil(reader, ': heartbeat')).toContain(': heartbeat')
    abort.abort()
  })

  it('unsubscribes when the reader cancels', async () => {
    const banners = fakeBanners()
    const reader = createBannerEventStream(banners.store, 'tr-banner').getReader()
    await readUntil(reader, 'event: snapshot')
    await reader.cancel()
    expect(banners.listeners.size).toBe(0)
  })
})

describe('GET /api/banner-events', () => {
  it('refuses a missing or unknown key', async () => {
    const banners = fakeBanners()
    for (const url of ['http://x/api/banner-events', 'http://x/api/banner-events?key=de-banner']) {
      const response = await bannerEventsResponse(new Request(url), banners.store)
      expect(response.status).toBe(400)
    }
    expect(banners.listeners.size).toBe(0)
  })

  it('answers an event stream that is not cached or buffered', async () => {
    const banners = fakeBanners()
    const abort = new AbortController()
    const response = await bannerEventsResponse(
      new Request('http://x/api/banner-events?key=tr-banner', { signal: abort.signal }),
      banners.store,
    )
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toContain('no-cache')
    const reader = response.body!.getReader()
    await readUntil(reader, 'event: snapshot')
    expect(banners.listeners.size).toBe(1)
    abort.abort()
    expect(banners.listeners.size).toBe(0)
  })
})
