/** The rules of a banner's responsive copies that the server and the admin dialog share
 * (docs/decisions/040-banners.md): which widths an image is copied at, what a description of copies
 * must look like wherever it is read from, and which files a banner shows. */
import { LIMITS } from '~/lib/limits'
import {
  BANNER_VARIANT_FORMATS,
  type Banner,
  type BannerImageExtras,
  type BannerImageVariants,
  bannerVariantUrl,
} from '~/domain/banners'

/** The widths to copy an image of `width` pixels to: the ladder's steps below 90% of it, then the
 * width itself (a copy is never wider than its image, nor almost as wide as the next one). */
export function bannerVariantWidths(width: number): number[] {
  const ladder = LIMITS.upload.variantWidths
  if (width >= ladder[ladder.length - 1]!) return [...ladder]
  return [...ladder.filter((step) => step < width * 0.9), width]
}

function isSide(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0 && (value as number) <= LIMITS.upload.maxSide
}

/** The variants described by `value` (say, a jsonb column or a notification), or undefined. */
export function toBannerImageVariants(value: unknown): BannerImageVariants | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { width, height, widths } = value as Record<string, unknown>
  if (!isSide(width) || !isSide(height) || !Array.isArray(widths)) return undefined
  if (widths.length === 0 || widths.length > LIMITS.upload.variantWidths.length) return undefined
  if (!widths.every((w, i) => isSide(w) && w <= width && (i === 0 || w > widths[i - 1]))) return undefined
  return { width, height, widths: [...widths] }
}

/** The extras present in `source`, checked; anything missing, null or malformed is left out. */
export function bannerImageExtras(source: {
  imageVariants?: unknown
  mobileImageUrl?: unknown
  mobileImageVariants?: unknown
}): BannerImageExtras {
  const extras: BannerImageExtras = {}
  const imageVariants = toBannerImageVariants(source.imageVariants)
  if (imageVariants) extras.imageVariants = imageVariants
  if (typeof source.mobileImageUrl === 'string' && source.mobileImageUrl !== '') {
    extras.mobileImageUrl = source.mobileImageUrl
    const mobileVariants = toBannerImageVariants(source.mobileImageVariants)
    if (mobileVariants) extras.mobileImageVariants = mobileVariants
  }
  return extras
}

/** Every stored file a banner shows: its images and their copies (what cleanup must keep). */
export function bannerFileUrls(banner: Pick<Banner, 'imageUrl'> & BannerImageExtras): string[] {
  const files = (url: string | null | undefined, variants: BannerImageVariants | undefined): string[] =>
    url ? [url, ...(variants?.widths ?? []).flatMap((w) => BANNER_VARIANT_FORMATS.map((f) => bannerVariantUrl(url, w, f)))] : []
  return [...files(banner.imageUrl, banner.imageVariants), ...files(banner.mobileImageUrl, banner.mobileImageVariants)]
}
