/**
 * The banner rows' images beyond image_url (supabase/migrations/20261125000100): stored, read,
 * kept or cleared as BannerInput says, and announced by the database's trigger with everything
 * the page needs, on an embedded backend (the same SQL as the postgres and supabase modes).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BannerChange } from '~/domain/banners'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { parseBannerNotification } from '~/backend/sql/banners.server'

const VARIANTS = { width: 2200, height: 720, widths: [640, 1280, 2200] }
const MOBILE_VARIANTS = { width: 1170, height: 660, widths: [640, 1170] }
const AT = '2026-11-25T10:00:00.000Z'

describe('parseBannerNotification', () => {
  it('reads the trigger’s payload with the image extras, leaving out the ones it holds as null', () => {
    const payload = { key: 'tr-banner', imageUrl: '/uploads/a.png', updatedAt: '2026-11-25T10:00:00+00:00' }
    expect(
      parseBannerNotification(
        JSON.stringify({ ...payload, imageVariants: null, mobileImageUrl: null, mobileImageVariants: null }),
      ),
    ).toEqual({ key: 'tr-banner', imageUrl: '/uploads/a.png', updatedAt: AT })
    expect(
      parseBannerNotification(
        JSON.stringify({
          ...payload,
          imageVariants: VARIANTS,
          mobileImageUrl: '/uploads/m.png',
          mobileImageVariants: MOBILE_VARIANTS,
        }),
      ),
    ).toEqual({
      key: 'tr-banner',
      imageUrl: '/uploads/a.png',
      updatedAt: AT,
      imageVariants: VARIANTS,
      mobileImageUrl: '/uploads/m.png',
      mobileImageVariants: MOBILE_VARIANTS,
    })
  })

  it('knows a notice that only names the row, and refuses anything else', () => {
    expect(parseBannerNotification(JSON.stringify({ key: 'en-banner', updatedAt: AT, partial: true }))).toEqual({
      partial: true,
      key: 'en-banner',
    })
    for (const bad of ['nope', '{}', JSON.stringify({ key: 'de-banner', imageUrl: null, updatedAt: AT })]) {
      expect(parseBannerNotification(bad)).toBeNull()
    }
    expect(parseBannerNotification(JSON.stringify({ key: 'en-banner', imageUrl: 5, updatedAt: AT }))).toBeNull()
  })
})

describe('banner images in the database', () => {
  let dataDir: string
  let embedded: EmbeddedInstance
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-banners-'))
    embedded = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true })
  }, 120_000)
  afterAll(async () => {
    await embedded?.backend.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('stores a mobile image and the copies of each image, and reads them back, publicly too', async () => {
    const { banners } = embedded.backend
    const [saved] = await banners.upsert([
      {
        key: 'tr-banner',
        imageUrl: '/uploads/hero-tr-banner-1.png',
        imageVariants: VARIANTS,
        mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png',
        mobileImageVariants: MOBILE_VARIANTS,
      },
    ])
    expect(saved).toMatchObject({ imageVariants: VARIANTS, mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png' })
    expect((await banners.list()).find((b) => b.key === 'tr-banner')).toEqual(saved)
    expect(await banners.getPublic('tr-banner')).toEqual({
      key: 'tr-banner',
      imageUrl: '/uploads/hero-tr-banner-1.png',
      updatedAt: saved!.updatedAt,
      imageVariants: VARIANTS,
      mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png',
      mobileImageVariants: MOBILE_VARIANTS,
    })
  })

  it('keeps the mobile image when a save does not name it; a new image drops the old one’s copies', async () => {
    const { banners } = embedded.backend
    const [saved] = await banners.upsert([{ key: 'tr-banner', imageUrl: 'https://cdn.example.com/typed.png' }])
    expect(saved).toEqual({
      key: 'tr-banner',
      imageUrl: 'https://cdn.example.com/typed.png',
      title: 'Türkçe Banner',
      badge: 'TR',
      updatedAt: saved!.updatedAt,
      mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png',
      mobileImageVariants: MOBILE_VARIANTS,
    })
    const [cleared] = await banners.upsert([{ key: 'tr-banner', imageUrl: null, imageVariants: VARIANTS, mobileImageUrl: null }])
    expect(cleared).toEqual({
      key: 'tr-banner',
      imageUrl: null,
      title: 'Türkçe Banner',
      badge: 'TR',
      updatedAt: cleared!.updatedAt,
    })
  })

  it('resets to the default image without a mobile image', async () => {
    const { banners } = embedded.backend
    await banners.upsert([{ key: 'en-banner', imageUrl: '/uploads/x.png', mobileImageUrl: '/uploads/m.png' }])
    const reset = await banners.reset()
    expect(reset.find((b) => b.key === 'en-banner')).toEqual(
      expect.not.objectContaining({ mobileImageUrl: expect.anything(), imageVariants: expect.anything() }),
    )
    expect(reset.map((b) => b.imageUrl)).toEqual(['/uploads/hero-tr.png', '/uploads/hero-en.png'])
  })

  it('announces a change made elsewhere with its images, even one too large for a notification', async () => {
    const changes: BannerChange[] = []
    const unsubscribe = embedded.backend.banners.subscribe((change) => changes.push(change))
    try {
      await embedded.db.query(
        `update public.hero_settings set image_url = $1, image_variants = $2::jsonb, mobile_image_url = $3 where key = 'en-banner'`,
        ['/uploads/by-hand.png', JSON.stringify(VARIANTS), '/uploads/by-hand-mobile.png'],
      )
      await vi.waitFor(() =>
        expect(changes.at(-1)).toMatchObject({
          key: 'en-banner',
          imageUrl: '/uploads/by-hand.png',
          imageVariants: VARIANTS,
          mobileImageUrl: '/uploads/by-hand-mobile.png',
        }),
      )
      // Two addresses of 2,000 four-byte characters: 16 KB, twice what a notification holds.
      const long = (name: string) => `https://cdn.example.com/${'😀'.repeat(2000)}/${name}.png`
      await embedded.db.query(`update public.hero_settings set image_url = $1, mobile_image_url = $2 where key = 'en-banner'`, [
        long('a'),
        long('m'),
      ])
      await vi.waitFor(() => expect(changes.at(-1)).toMatchObject({ imageUrl: long('a'), mobileImageUrl: long('m') }))
    } finally {
      unsubscribe()
    }
  })

  it('lets the image bucket take AVIF, the copies’ first format', async () => {
    const { publicUrl } = await embedded.backend.storage.upload({
      name: 'hero-tr-banner-1-640w.avif',
      bytes: new Uint8Array([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70]),
      contentType: 'image/avif',
      cacheControlSeconds: 3600,
    })
    expect(publicUrl).toBe('/uploads/hero-tr-banner-1-640w.avif')
    expect((await embedded.backend.storage.read('hero-tr-banner-1-640w.avif'))?.contentType).toBe('image/avif')
  })
})
