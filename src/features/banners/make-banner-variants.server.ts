/**
 * The responsive copies of a banner upload (docs/decisions/042-responsive-banners.md): the image
 * is decoded once, turned upright and kept within the widest step of the ladder and the tallest
 * hero, then encoded as AVIF and WebP at every width of bannerVariantWidths. A 2200×720 photo of
 * 4 MB becomes 14 files of 15–220 KB (1.3 MB in all) in about two seconds of CPU.
 */
import sharp, { type Sharp } from 'sharp'
import { bannerVariantWidths } from '~/backend/banner-images'
import { BANNER_VARIANT_FORMATS, type BannerImageVariants, type BannerVariantFormat } from '~/backend/domain'
import { LIMITS } from '~/lib/limits'

// Nothing is kept between uploads: a server holds no decoded image once an upload is stored.
sharp.cache(false)

/**
 * AVIF at effort 1: a third of the CPU time of effort 2 for the same size and almost the same
 * fidelity (0.4 dB less on the default banners' text; effort 0 is larger and blurs it), so that an
 * upload is ready in about two seconds of CPU. Quality 50 and WebP 75 are each format's usual
 * setting for photographs and keep that text sharp at the widths phones pick.
 */
const ENCODERS: Record<BannerVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 1 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
}

export const VARIANT_CONTENT_TYPES: Record<BannerVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export interface BannerVariantFile {
  width: number
  format: BannerVariantFormat
  contentType: string
  bytes: Uint8Array
}

export interface BannerVariantSet {
  variants: BannerImageVariants
  /** Ascending by width, AVIF before WebP. */
  files: BannerVariantFile[]
}

/** The bytes passed the format check but cannot be decoded (truncated, damaged). */
export class UndecodableImageError extends Error {
  override name = 'UndecodableImageError'
}

let queue: Promise<unknown> = Promise.resolve()

/**
 * Makes the copies of one image. Uploads are encoded one at a time per server process: encoding
 * keeps every core busy for a moment, and two at once would only double the memory.
 */
export function makeBannerVariants(bytes: Uint8Array): Promise<BannerVariantSet> {
  const run = queue.then(() => encode(bytes))
  queue = run.catch(() => undefined)
  return run
}

async function decode(bytes: Uint8Array) {
  const ladder = LIMITS.upload.variantWidths
  try {
    return await sharp(bytes, { limitInputPixels: LIMITS.upload.maxPixels })
      .rotate()
      .resize({
        width: ladder[ladder.length - 1],
        height: LIMITS.upload.variantMaxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new UndecodableImageError('the image cannot be decoded', { cause: error })
  }
}

async function encode(bytes: Uint8Array): Promise<BannerVariantSet> {
  const { data, info } = await decode(bytes)
  const { width, height, channels } = info
  const widths = bannerVariantWidths(width)
  const files: BannerVariantFile[] = []
  for (const w of widths) {
    for (const format of BANNER_VARIANT_FORMATS) {
      const image = sharp(data, { raw: { width, height, channels } }).resize({ width: w })
      const encoded = await ENCODERS[format](image).toBuffer()
      files.push({ width: w, format, contentType: VARIANT_CONTENT_TYPES[format], bytes: new Uint8Array(encoded) })
    }
  }
  return { variants: { width, height, widths }, files }
}
