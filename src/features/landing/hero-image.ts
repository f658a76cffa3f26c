import {
  BANNER_BY_LOCALE,
  BANNER_VARIANT_FORMATS,
  type BannerImageExtras,
  type BannerImageVariants,
  DEFAULT_BANNER_URL,
  DEFAULT_MOBILE_BANNER_URL,
  bannerVariantUrl,
} from '~/domain/banners'
import type { Locale } from '~/domain/locales'

/** The intrinsic size of the default banners; stored banners are drawn into the same box. */
export const HERO_IMAGE_SIZE = { width: 1600, height: 520 } as const

/** The copies of the default banners in public/uploads (scripts/art/hero.mjs makes them as an upload
 * would be made): the 1600×520 banner, and the 1170×660 mobile one, which is the phone's 390×220
 * hero at three device pixels. hero-image.test.ts checks them against the ladder. */
export const DEFAULT_HERO_VARIANTS: BannerImageVariants = { ...HERO_IMAGE_SIZE, widths: [640, 828, 1080, 1280, 1600] }
export const DEFAULT_MOBILE_HERO_VARIANTS: BannerImageVariants = { width: 1170, height: 660, widths: [640, 828, 1170] }

/** Below Tailwind's `sm` breakpoint (40rem): where a banner's mobile image is shown. */
export const MOBILE_MEDIA = '(max-width: 39.99rem)'

/** The hero's height from each breakpoint (rem) up, widest first (220, 300, 400, 520 px: docs/product.md#hero-banner). */
const HEIGHTS: [minWidthRem: number, height: number][] = [
  [64, 520],
  [48, 400],
  [40, 300],
  [0, 220],
]

export interface HeroBanner extends BannerImageExtras {
  imageUrl: string | null
}

export interface HeroSource {
  media?: string
  type?: string
  srcSet: string
  sizes?: string
}

export interface HeroPicture {
  /** The <img>'s own source: the stored image itself, for a browser that takes no <source>. */
  src: string
  sources: HeroSource[]
  isDefault: boolean
}

export function defaultHeroUrl(locale: Locale): string {
  return DEFAULT_BANNER_URL[BANNER_BY_LOCALE[locale]]
}

export function defaultMobileHeroUrl(locale: Locale): string {
  return DEFAULT_MOBILE_BANNER_URL[BANNER_BY_LOCALE[locale]]
}

/** The width the image is shown at: the hero's full width, or less where the height of the hero is
 * what limits an image drawn contained in it. */
function sizesOf({ width, height }: BannerImageVariants, heights: typeof HEIGHTS): string {
  return heights
    .map(([min, h]) => `${min ? `(min-width: ${min}rem) ` : ''}min(100vw, ${Math.round((h * width) / height)}px)`)
    .join(', ')
}

/** One <source> per format over the image's copies; a plain image without copies gets one as it is. */
function sourcesOf(url: string, variants: BannerImageVariants | undefined, media?: string): HeroSource[] {
  if (!variants) return media ? [{ media, srcSet: url }] : []
  const sizes = sizesOf(variants, media ? HEIGHTS.slice(-1) : HEIGHTS)
  return BANNER_VARIANT_FORMATS.map((format) => ({
    media,
    type: `image/${format}`,
    srcSet: variants.widths.map((w) => `${bannerVariantUrl(url, w, format)} ${w}w`).join(', '),
    sizes,
  }))
}

/** What the hero shows for a stored banner (the stored URL, else the language's default:
 * docs/product.md#hero-banner): on phones the mobile image when there is one (the default banner
 * has its own), else the image; each through its AVIF and WebP copies when it has them. */
export function heroPicture(locale: Locale, banner: HeroBanner, stamp?: number): HeroPicture {
  const fallback = defaultHeroUrl(locale)
  const stored = banner.imageUrl?.trim()
  const isDefault = !stored || stored === fallback
  const stamped = (url: string) => (stamp === undefined ? url : withVersion(url, stamp))
  const mobile = banner.mobileImageUrl
  return {
    src: stamped(isDefault ? fallback : stored),
    sources: [
      ...(mobile
        ? sourcesOf(banner.mobileImageVariants ? mobile : stamped(mobile), banner.mobileImageVariants, MOBILE_MEDIA)
        : isDefault
          ? sourcesOf(defaultMobileHeroUrl(locale), DEFAULT_MOBILE_HERO_VARIANTS, MOBILE_MEDIA)
          : []),
      ...(isDefault ? sourcesOf(fallback, DEFAULT_HERO_VARIANTS) : sourcesOf(stored, banner.imageVariants)),
    ],
    isDefault,
  }
}

/** Appends the version stamp a live update carries, so the browser fetches the new image. */
export function withVersion(url: string, stamp: string | number): string {
  const [path = '', hash] = url.split('#', 2)
  const joined = `${path}${path.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(stamp))}`
  return hash === undefined ? joined : `${joined}#${hash}`
}
