/** Banners: keys, default images and titles, and the rules every data path applies to them.
 * Imports nothing of the app, so components may import it. */
import type { Locale } from './locales'

export const BANNER_KEYS = ['tr-banner', 'en-banner'] as const
export type BannerKey = (typeof BANNER_KEYS)[number]

/** Which banner belongs to which language, and the badge shown for it. */
export const BANNER_BY_LOCALE: Record<Locale, BannerKey> = { tr: 'tr-banner', en: 'en-banner' }
export const BANNER_BADGE: Record<BannerKey, string> = { 'tr-banner': 'TR', 'en-banner': 'EN' }

/** Default hero images, shipped in public/uploads and used whenever no URL is stored. */
export const DEFAULT_BANNER_URL: Record<BannerKey, string> = {
  'tr-banner': '/uploads/hero-tr.png',
  'en-banner': '/uploads/hero-en.png',
}

/** The default banners' mobile images (their text reads at 390 px), shown on phones with them. */
export const DEFAULT_MOBILE_BANNER_URL: Record<BannerKey, string> = {
  'tr-banner': '/uploads/hero-tr-mobile.png',
  'en-banner': '/uploads/hero-en-mobile.png',
}

/** The storage bucket of banner uploads (the original app's name), as hero-{key}-{timestamp}.{ext}. */
export const IMAGE_BUCKET = 'industry-images'
export const UPLOADS_PATH = '/uploads'

/** The AVIF and WebP copies of an uploaded banner (decision 042); `width` × `height` as the copies show the image. */
export interface BannerImageVariants {
  width: number
  height: number
  /** Ascending, each at most `width`. */
  widths: number[]
}

export const BANNER_VARIANT_FORMATS = ['avif', 'webp'] as const
export type BannerVariantFormat = (typeof BANNER_VARIANT_FORMATS)[number]

/** A banner's images beyond image_url: its copies (uploads only) and the mobile image shown below the small breakpoint. */
export interface BannerImageExtras {
  imageVariants?: BannerImageVariants
  mobileImageUrl?: string
  mobileImageVariants?: BannerImageVariants
}

export interface Banner extends BannerImageExtras {
  key: BannerKey
  imageUrl: string | null
  title: string | null
  badge: string | null
  updatedAt: string
}

/** What anyone may read about a banner: key, image_url and what the page shows it with. */
export interface PublicBanner extends BannerImageExtras {
  key: BannerKey
  imageUrl: string | null
  updatedAt: string
}

export interface BannerInput {
  key: BannerKey
  imageUrl: string | null
  /** Belongs to imageUrl: a save without it stores none. */
  imageVariants?: BannerImageVariants | null
  /** Null removes the mobile image; undefined keeps the stored one (as for title and badge). */
  mobileImageUrl?: string | null
  /** Belongs to mobileImageUrl: stored with it, kept with it. */
  mobileImageVariants?: BannerImageVariants | null
  title?: string | null
  badge?: string | null
}

export interface BannerChange extends BannerImageExtras {
  key: BannerKey
  imageUrl: string | null
  updatedAt: string
}

/** Each banner's name in hero_settings.title, whatever the admin's language. */
export const DEFAULT_BANNER_TITLE: Record<BannerKey, string> = {
  'tr-banner': 'Türkçe Banner',
  'en-banner': 'English Banner',
}

/** One input per key, the last one winning: a save names each banner at most once. */
export function lastInputPerKey(inputs: readonly BannerInput[]): BannerInput[] {
  return [...new Map(inputs.map((input) => [input.key, input])).values()]
}

/** A banner change as its subscribers hear it: the public fields of a checked row, nothing else. */
export function toBannerChange(banner: BannerChange): BannerChange {
  const { key, imageUrl, updatedAt, imageVariants, mobileImageUrl, mobileImageVariants } = banner
  return {
    key,
    imageUrl,
    updatedAt,
    ...(imageVariants && { imageVariants }),
    ...(mobileImageUrl && { mobileImageUrl, ...(mobileImageVariants && { mobileImageVariants }) }),
  }
}

/** `/uploads/hero-tr-banner-17.png` → `/uploads/hero-tr-banner-17-640w.avif`. */
export function bannerVariantUrl(imageUrl: string, width: number, format: BannerVariantFormat): string {
  return `${imageUrl.replace(/\.\w+$/, '')}-${width}w.${format}`
}
