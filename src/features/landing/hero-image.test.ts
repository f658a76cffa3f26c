import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bannerFileUrls, bannerVariantWidths } from '~/backend/banner-images'
import { BANNER_VARIANT_FORMATS } from '~/domain/banners'
import {
  DEFAULT_HERO_VARIANTS,
  DEFAULT_MOBILE_HERO_VARIANTS,
  MOBILE_MEDIA,
  defaultHeroUrl,
  defaultMobileHeroUrl,
  heroPicture,
  withVersion,
} from './hero-image'

const VARIANTS = { width: 2200, height: 720, widths: [640, 1280, 2200] }
const UPLOAD = '/uploads/hero-tr-banner-17.png'

describe('hero picture', () => {
  it('shows the language default, with its mobile image on phones, through AVIF and WebP copies', () => {
    for (const imageUrl of [null, '  ', '/uploads/hero-tr.png']) {
      const picture = heroPicture('tr', { imageUrl })
      expect(picture.src).toBe('/uploads/hero-tr.png')
      expect(picture.isDefault).toBe(true)
      expect(picture.sources.map((s) => [s.media, s.type])).toEqual([
        [MOBILE_MEDIA, 'image/avif'],
        [MOBILE_MEDIA, 'image/webp'],
        [undefined, 'image/avif'],
        [undefined, 'image/webp'],
      ])
    }
    const [mobileAvif, , , mainWebp] = heroPicture('en', { imageUrl: null }).sources
    expect(mobileAvif?.srcSet).toBe(
      '/uploads/hero-en-mobile-640w.avif 640w, /uploads/hero-en-mobile-828w.avif 828w, /uploads/hero-en-mobile-1170w.avif 1170w',
    )
    // The mobile image is 390×220, as wide as a phone's hero at most.
    expect(mobileAvif?.sizes).toBe('min(100vw, 390px)')
    expect(mainWebp?.srcSet).toBe(
      '/uploads/hero-en-640w.webp 640w, /uploads/hero-en-828w.webp 828w, /uploads/hero-en-1080w.webp 1080w, /uploads/hero-en-1280w.webp 1280w, /uploads/hero-en-1600w.webp 1600w',
    )
    expect(mainWebp?.sizes).toBe(
      '(min-width: 64rem) min(100vw, 1600px), (min-width: 48rem) min(100vw, 1231px), (min-width: 40rem) min(100vw, 923px), min(100vw, 677px)',
    )
  })

  it('shows a stored upload through its copies at every width, and the original only as the fallback', () => {
    const picture = heroPicture('tr', { imageUrl: UPLOAD, imageVariants: VARIANTS })
    expect(picture).toMatchObject({ src: UPLOAD, isDefault: false })
    expect(picture.sources).toEqual([
      {
        media: undefined,
        type: 'image/avif',
        srcSet:
          '/uploads/hero-tr-banner-17-640w.avif 640w, /uploads/hero-tr-banner-17-1280w.avif 1280w, /uploads/hero-tr-banner-17-2200w.avif 2200w',
        sizes:
          '(min-width: 64rem) min(100vw, 1589px), (min-width: 48rem) min(100vw, 1222px), (min-width: 40rem) min(100vw, 917px), min(100vw, 672px)',
      },
      expect.objectContaining({ type: 'image/webp', srcSet: expect.stringContaining('hero-tr-banner-17-2200w.webp 2200w') }),
    ])
  })

  it('puts the mobile image first, for narrow screens only; a typed address is used as it is', () => {
    const mobile = '/uploads/hero-tr-banner-mobile-18.png'
    const withCopies = heroPicture('tr', {
      imageUrl: UPLOAD,
      imageVariants: VARIANTS,
      mobileImageUrl: mobile,
      mobileImageVariants: { width: 1170, height: 660, widths: [640, 1170] },
    })
    expect(withCopies.sources.map((s) => s.media)).toEqual([MOBILE_MEDIA, MOBILE_MEDIA, undefined, undefined])
    expect(withCopies.sources[0]?.srcSet).toBe(
      '/uploads/hero-tr-banner-mobile-18-640w.avif 640w, /uploads/hero-tr-banner-mobile-18-1170w.avif 1170w',
    )

    const typed = heroPicture(
      'en',
      { imageUrl: 'https://cdn.example.com/a.png', mobileImageUrl: 'https://cdn.example.com/m.png' },
      17,
    )
    expect(typed.src).toBe('https://cdn.example.com/a.png?v=17')
    expect(typed.sources).toEqual([{ media: MOBILE_MEDIA, srcSet: 'https://cdn.example.com/m.png?v=17' }])
  })

  it('adds no copies to a typed address, and no default mobile image to a stored banner', () => {
    expect(heroPicture('en', { imageUrl: 'https://cdn.example.com/a.png' })).toEqual({
      src: 'https://cdn.example.com/a.png',
      sources: [],
      isDefault: false,
    })
  })

  it('names copies of the default banners that exist, made over the same ladder as an upload', () => {
    expect(DEFAULT_HERO_VARIANTS.widths).toEqual(bannerVariantWidths(DEFAULT_HERO_VARIANTS.width))
    expect(DEFAULT_MOBILE_HERO_VARIANTS.widths).toEqual(bannerVariantWidths(DEFAULT_MOBILE_HERO_VARIANTS.width))
    for (const locale of ['tr', 'en'] as const) {
      const files = bannerFileUrls({
        imageUrl: defaultHeroUrl(locale),
        imageVariants: DEFAULT_HERO_VARIANTS,
        mobileImageUrl: defaultMobileHeroUrl(locale),
        mobileImageVariants: DEFAULT_MOBILE_HERO_VARIANTS,
      })
      expect(files).toHaveLength(2 + BANNER_VARIANT_FORMATS.length * 8)
      for (const url of files) expect(existsSync(`public${url}`), url).toBe(true)
    }
  })

  it('appends the version stamp as query parameter v', () => {
    expect(withVersion('/uploads/a.png', 17)).toBe('/uploads/a.png?v=17')
    expect(withVersion('/a.png?w=2', 'x y')).toBe('/a.png?w=2&v=x%20y')
    expect(withVersion('/a.png#top', 1)).toBe('/a.png?v=1#top')
  })
})
