import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { bannerFileUrls, bannerImageExtras, bannerVariantWidths, toBannerImageVariants } from './banner-images'
import { bannerVariantUrl, toBannerChange } from '~/domain/banners'

const VARIANTS = { width: 2200, height: 720, widths: [640, 2200] }

describe('the ladder of banner copies', () => {
  it.each([
    [2200, [640, 828, 1080, 1280, 1600, 1920, 2200]],
    [1600, [640, 828, 1080, 1280, 1600]],
    // 1080 is within 10% of 1170: one copy fewer, hardly a pixel more for whoever gets 1170.
    [1170, [640, 828, 1170]],
    [640, [640]],
    [300, [300]],
    [2560, [...LIMITS.upload.variantWidths]],
    [10_000, [...LIMITS.upload.variantWidths]],
  ])('an image %i px wide is copied at %j', (width, widths) => {
    expect(bannerVariantWidths(width)).toEqual(widths)
  })

  it('names each copy after its image, in the same folder or bucket', () => {
    expect(bannerVariantUrl('/uploads/hero-tr-banner-17.png', 640, 'avif')).toBe('/uploads/hero-tr-banner-17-640w.avif')
    expect(bannerVariantUrl('hero-en-banner-mobile-18.jpg', 1170, 'webp')).toBe('hero-en-banner-mobile-18-1170w.webp')
    expect(
      bannerVariantUrl('https://x.supabase.co/storage/v1/object/public/industry-images/hero-tr-banner-1.webp', 828, 'avif'),
    ).toBe('https://x.supabase.co/storage/v1/object/public/industry-images/hero-tr-banner-1-828w.avif')
  })
})

describe('a description of copies read from anywhere', () => {
  it('keeps the three fields of a well-formed one', () => {
    expect(toBannerImageVariants({ ...VARIANTS, extra: '<script>' })).toEqual(VARIANTS)
  })

  it.each([
    null,
    'x',
    [],
    { width: 2200, height: 720 },
    { width: 2200, height: 720, widths: [] },
    { width: 2200, height: 720, widths: [640, 640] },
    { width: 2200, height: 720, widths: [1280, 640] },
    { width: 2200, height: 720, widths: [3000] },
    { width: 2200, height: 720, widths: [640.5] },
    { width: 0, height: 720, widths: [640] },
    { width: 20_000, height: 720, widths: [640] },
    { width: 2200, height: 720, widths: Array.from({ length: 20 }, (_, i) => i + 1) },
  ])('refuses %j', (value) => {
    expect(toBannerImageVariants(value)).toBeUndefined()
  })

  it('leaves out what a banner does not have, and copies of a mobile image it does not have', () => {
    expect(bannerImageExtras({ imageVariants: null, mobileImageUrl: null, mobileImageVariants: null })).toEqual({})
    expect(bannerImageExtras({ mobileImageVariants: VARIANTS })).toEqual({})
    expect(bannerImageExtras({ imageVariants: VARIANTS, mobileImageUrl: '/uploads/m.png', mobileImageVariants: 'junk' })).toEqual(
      {
        imageVariants: VARIANTS,
        mobileImageUrl: '/uploads/m.png',
      },
    )
  })

  it('travels with a banner change, and only what a change holds', () => {
    const change = toBannerChange({
      key: 'tr-banner',
      imageUrl: '/uploads/a.png',
      updatedAt: '2026-11-25T00:00:00.000Z',
      imageVariants: VARIANTS,
      ...{ title: 'not part of a change' },
    })
    expect(change).toEqual({
      key: 'tr-banner',
      imageUrl: '/uploads/a.png',
      updatedAt: '2026-11-25T00:00:00.000Z',
      imageVariants: VARIANTS,
    })
  })
})

describe('the files a banner shows', () => {
  it('are its images and every copy of them', () => {
    expect(
      bannerFileUrls({
        imageUrl: '/uploads/a.png',
        imageVariants: VARIANTS,
        mobileImageUrl: 'https://cdn.example.com/m.png',
      }),
    ).toEqual([
      '/uploads/a.png',
      '/uploads/a-640w.avif',
      '/uploads/a-640w.webp',
      '/uploads/a-2200w.avif',
      '/uploads/a-2200w.webp',
      'https://cdn.example.com/m.png',
    ])
    expect(bannerFileUrls({ imageUrl: null })).toEqual([])
  })
})
