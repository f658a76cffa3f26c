import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { PHOTO_BANNER_SIZE, photoBannerPng } from '../../../tests/support/photo-banner'
import { type BannerVariantSet, UndecodableImageError, makeBannerVariants, withoutMetadata } from './make-banner-variants.server'

const KB = 1024
const FIXTURES = 'tests/fixtures/images'

/** What a browser would decode: format and pixel size, read back from the bytes. */
async function decoded(bytes: Uint8Array) {
  const { format, width, height, hasAlpha } = await sharp(bytes).metadata()
  return { format, width, height, hasAlpha }
}

describe('the copies of a designer’s 4 MB photo-like banner', () => {
  let png: Buffer
  let set: BannerVariantSet
  beforeAll(async () => {
    png = await photoBannerPng()
    set = await makeBannerVariants(png)
  }, 120_000)

  it('is the upload the bench makes: 2200×720, over 4 MB', async () => {
    expect(png.byteLength).toBeGreaterThan(4 * 1024 * 1024)
    expect(await decoded(png)).toMatchObject({ format: 'png', ...PHOTO_BANNER_SIZE })
  })

  it('covers the ladder up to the image’s own width, AVIF and WebP at each', async () => {
    expect(set.variants).toEqual({ width: 2200, height: 720, widths: [640, 828, 1080, 1280, 1600, 1920, 2200] })
    expect(set.files.map((f) => `${f.width} ${f.format} ${f.contentType}`)).toEqual(
      set.variants.widths.flatMap((w) => [`${w} avif image/avif`, `${w} webp image/webp`]),
    )
    for (const file of set.files) {
      expect(await decoded(file.bytes)).toMatchObject({
        format: file.format === 'avif' ? 'heif' : 'webp',
        width: file.width,
        height: Math.round((file.width * 720) / 2200),
      })
    }
  })

  it('makes small files: what a phone picks is a few dozen KB, the widest copy a fraction of the original', () => {
    const size = (width: number, format: string) =>
      set.files.find((f) => f.width === width && f.format === format)!.bytes.byteLength
    // A 390 px phone at three device pixels picks 1080 or 1280 (the budget for the hero is 250 KB).
    expect(size(1080, 'avif')).toBeLessThan(100 * KB)
    expect(size(1280, 'avif')).toBeLessThan(125 * KB)
    expect(size(1280, 'webp')).toBeLessThan(150 * KB)
    for (const file of set.files) expect(file.bytes.byteLength).toBeLessThan(png.byteLength / 10)
    // AVIF is the smaller of the two at every width that matters.
    for (const w of [828, 1080, 1280, 1600]) expect(size(w, 'avif')).toBeLessThan(size(w, 'webp'))
  })
})

describe('makeBannerVariants', () => {
  it('never upscales: a narrow image gets only its own width', async () => {
    const small = await sharp(readFileSync(`${FIXTURES}/photo.jpg`)).toBuffer()
    const { variants, files } = await makeBannerVariants(small)
    expect(variants).toEqual({ width: 640, height: 360, widths: [640] })
    expect(files).toHaveLength(2)
  })

  it('keeps a wide image within the ladder and a tall one within the tallest hero', async () => {
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#1e40af' } })
      .png()
      .toBuffer()
    expect((await makeBannerVariants(wide)).variants).toEqual({ width: 2560, height: 640, widths: LIMITS.upload.variantWidths })
    const tall = await sharp({ create: { width: 1200, height: 3000, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer()
    const { variants } = await makeBannerVariants(tall)
    expect(variants).toEqual({ width: 624, height: LIMITS.upload.variantMaxHeight, widths: [624] })
  })

  it('turns a photo upright as its EXIF orientation says, and keeps transparency', async () => {
    const rotated = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await makeBannerVariants(rotated)).variants).toMatchObject({ width: 400, height: 800 })

    const { files } = await makeBannerVariants(readFileSync(`${FIXTURES}/alpha.webp`))
    for (const file of files) expect(await decoded(file.bytes)).toMatchObject({ hasAlpha: true })
  })

  it('refuses bytes that look like an image but do not decode, and goes on with the next upload', async () => {
    const png = readFileSync(`${FIXTURES}/banner.png`)
    const truncated = png.subarray(0, 200)
    const [broken, next] = await Promise.allSettled([makeBannerVariants(truncated), makeBannerVariants(png)])
    expect(broken.status === 'rejected' && broken.reason).toBeInstanceOf(UndecodableImageError)
    expect(next.status).toBe('fulfilled')
  })
})

describe('withoutMetadata', () => {
  it('stores the image without its EXIF (GPS included), upright, in its own format', async () => {
    const gps = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '29/1 0/1 0/1' } }
    const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1e40af' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif(gps)
      .toBuffer()
    const before = await sharp(photo).metadata()
    expect(before.exif).toBeDefined()
    expect(before.orientation).toBe(6)
    const stored = await withoutMetadata(photo, 'jpeg')
    const after = await sharp(stored).metadata()
    expect(after.format).toBe('jpeg')
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    // Turned as the orientation said, so it looks the same without it.
    expect([after.width, after.height]).toEqual([400, 800])
  })
})
