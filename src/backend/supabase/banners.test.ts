import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Backend, BannerChange } from '../backend'
import type { FakeFetch } from './fake-fetch'
import { createTestBackend } from './test-backend'

const PATH = '/rest/v1/hero_settings'
const NOW = new Date('2026-11-21T12:00:00.000Z')

const bannerRow = (key: string, imageUrl: string | null, extra: Record<string, unknown> = {}) => ({
  key,
  image_url: imageUrl,
  title: key === 'tr-banner' ? 'Türkçe Banner' : 'English Banner',
  badge: key === 'tr-banner' ? 'TR' : 'EN',
  updated_at: '2026-11-21T12:00:00+00:00',
  ...extra,
})

let backend: Backend
let fake: FakeFetch

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
  ;({ backend, fake } = await createTestBackend())
})

afterEach(async () => {
  vi.useRealTimers()
  expect(fake.unhandled).toEqual([])
  await backend.close()
})

describe('banners reads', () => {
  it('reads the public columns of one banner, null when there is no row', async () => {
    fake.on('GET', PATH, {
      body: [{ key: 'en-banner', image_url: 'https://cdn.example.com/en.png', updated_at: '2026-11-20T08:00:00.25+00:00' }],
    })
    fake.on('GET', PATH, { body: [] })

    await expect(backend.banners.getPublic('en-banner')).resolves.toEqual({
      key: 'en-banner',
      imageUrl: 'https://cdn.example.com/en.png',
      updatedAt: '2026-11-20T08:00:00.250Z',
    })
    await expect(backend.banners.getPublic('tr-banner')).resolves.toBeNull()
    expect(Object.fromEntries(fake.to('GET', PATH)[0]!.url.searchParams)).toEqual({
      select: 'key,image_url,updated_at',
      key: 'eq.en-banner',
    })
  })

  it('lists every banner ordered by key', async () => {
    fake.on('GET', PATH, { body: [bannerRow('en-banner', null), bannerRow('tr-banner', '/uploads/hero-tr.png')] })

    const banners = await backend.banners.list()

    expect(Object.fromEntries(fake.to('GET', PATH)[0]!.url.searchParams)).toEqual({
      select: 'key,image_url,title,badge,updated_at',
      order: 'key.asc',
    })
    expect(banners).toEqual([
      { key: 'en-banner', imageUrl: null, title: 'English Banner', badge: 'EN', updatedAt: '2026-11-21T12:00:00.000Z' },
      {
        key: 'tr-banner',
        imageUrl: '/uploads/hero-tr.png',
        title: 'Türkçe Banner',
        badge: 'TR',
        updatedAt: '2026-11-21T12:00:00.000Z',
      },
    ])
  })
})

describe('banners writes', () => {
  const URL_TR = 'https://x.supabase.co/storage/v1/object/public/industry-images/hero-tr-banner-1.png'

  it('upserts by key, keeping stored title and badge unless given, and announces each change', async () => {
    const changes: BannerChange[] = []
    const unsubscribe = backend.banners.subscribe((change) => changes.push(change))
    // tr-banner is stored with a custom title; en-banner has no row.
    fake.on('GET', PATH, { body: [{ key: 'tr-banner', title: 'Kampanya', badge: null }] })
    fake.on('POST', PATH, {
      status: 201,
      body: [bannerRow('en-banner', null, { title: null }), bannerRow('tr-banner', URL_TR, { title: 'Kampanya', badge: null })],
    })

    const saved = await backend.banners.upsert([
      { key: 'tr-banner', imageUrl: URL_TR },
      { key: 'en-banner', imageUrl: null, title: null },
    ])

    const read = fake.to('GET', PATH)[0]!
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ select: 'key,title,badge', key: 'in.(tr-banner,en-banner)' })
    const write = fake.to('POST', PATH)[0]!
    expect(write.url.searchParams.get('on_conflict')).toBe('key')
    expect(write.url.searchParams.get('select')).toBe('key,image_url,title,badge,updated_at')
    expect(write.headers.get('prefer')).toContain('resolution=merge-duplicates')
    // No updated_at: the database stamps the row (default on insert, trigger on update).
    expect(write.json()).toEqual([
      { key: 'tr-banner', image_url: URL_TR, title: 'Kampanya', badge: null },
      { key: 'en-banner', image_url: null, title: null, badge: 'EN' },
    ])
    expect(saved.map((b) => b.key)).toEqual(['tr-banner', 'en-banner']) // the order asked for
    expect(changes).toEqual([
      { key: 'tr-banner', imageUrl: URL_TR, updatedAt: NOW.toISOString() },
      { key: 'en-banner', imageUrl: null, updatedAt: NOW.toISOString() },
    ])
    unsubscribe()
  })

  it('gives a missing row the default title and badge', async () => {
    fake.on('GET', PATH, { body: [] })
    fake.on('POST', PATH, { status: 201, body: [bannerRow('tr-banner', '/a.png')] })

    await backend.banners.upsert([{ key: 'tr-banner', imageUrl: '/a.png' }])

    expect(fake.to('POST', PATH)[0]!.json()).toEqual([
      { key: 'tr-banner', image_url: '/a.png', title: 'Türkçe Banner', badge: 'TR' },
    ])
  })

  it('sends one row per key when a key repeats, the last one winning', async () => {
    fake.on('GET', PATH, { body: [] })
    fake.on('POST', PATH, { status: 201, body: [bannerRow('tr-banner', '/b.png')] })

    await backend.banners.upsert([
      { key: 'tr-banner', imageUrl: '/a.png', title: 'A' },
      { key: 'tr-banner', imageUrl: '/b.png' },
    ])

    expect(fake.to('POST', PATH)[0]!.json()).toEqual([
      expect.objectContaining({ key: 'tr-banner', image_url: '/b.png', title: 'Türkçe Banner' }),
    ])
  })

  it('resets every image to its default, keeps titles and badges, and announces each', async () => {
    const changes: BannerChange[] = []
    const unsubscribe = backend.banners.subscribe((change) => changes.push(change))
    fake.on('GET', PATH, {
      body: [
        { key: 'en-banner', title: 'English Banner', badge: 'EN' },
        { key: 'tr-banner', title: 'Kampanya', badge: 'TR' },
      ],
    })
    fake.on('POST', PATH, {
      status: 201,
      body: [
        bannerRow('tr-banner', '/uploads/hero-tr.png', { title: 'Kampanya' }),
        bannerRow('en-banner', '/uploads/hero-en.png'),
      ],
    })

    const banners = await backend.banners.reset()

    expect(fake.to('POST', PATH)[0]!.json()).toEqual([
      { key: 'tr-banner', image_url: '/uploads/hero-tr.png', title: 'Kampanya', badge: 'TR' },
      { key: 'en-banner', image_url: '/uploads/hero-en.png', title: 'English Banner', badge: 'EN' },
    ])
    expect(banners.map((b) => [b.key, b.imageUrl])).toEqual([
      ['tr-banner', '/uploads/hero-tr.png'],
      ['en-banner', '/uploads/hero-en.png'],
    ])
    expect(changes.map((c) => c.key)).toEqual(['tr-banner', 'en-banner'])
    unsubscribe()
  })

  it('makes no request for an empty upsert', async () => {
    await expect(backend.banners.upsert([])).resolves.toEqual([])
    expect(fake.requests).toEqual([])
  })

  it('announces nothing when the write fails', async () => {
    const changes: BannerChange[] = []
    const unsubscribe = backend.banners.subscribe((change) => changes.push(change))
    fake.on('GET', PATH, { body: [] })
    fake.on('POST', PATH, {
      status: 400,
      body: { code: '23514', message: 'new row violates check constraint', details: null, hint: null },
    })

    await expect(backend.banners.upsert([{ key: 'tr-banner', imageUrl: '/a.png' }])).rejects.toThrow(/save banners failed/)
    expect(changes).toEqual([])
    unsubscribe()
  })
})
