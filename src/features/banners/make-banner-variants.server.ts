/** The responsive copies of a banner upload (decision 042): decoded once, upright and bounded, then
 * encoded as AVIF and WebP at every width of bannerVariantWidths. */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Sharp } from 'sharp'
import { bannerVariantWidths } from '~/backend/banner-images'
import { BANNER_VARIANT_FORMATS, type BannerImageVariants, type BannerVariantFormat } from '~/domain/banners'
import { LIMITS } from '~/lib/limits'

/** AVIF at effort 1: far cheaper than effort 2 at the same size (decision 042). */
const ENCODER_OPTIONS: Record<BannerVariantFormat, { quality: number; effort: number }> = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 4 },
}

export const VARIANT_CONTENT_TYPES: Record<BannerVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

/** An encoding that has not finished by then is stopped (a few seconds is usual). */
const ENCODE_TIMEOUT_MS = 120_000
/** The encoder's niceness: below the server's, so a page request wins the CPU. */
const ENCODER_PRIORITY = 10

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

type SharpFunction = typeof import('sharp').default

/** libvips loads with the first upload, not the server (decision 042); nothing is cached between uploads. */
let loaded: Promise<SharpFunction> | undefined
function loadSharp(): Promise<SharpFunction> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  })
  return loaded
}

/** Where the child process finds sharp: next to this module (Vitest may lack import.meta.resolve). */
function sharpEntry(): string {
  try {
    return fileURLToPath(import.meta.resolve('sharp'))
  } catch {
    return createRequire(import.meta.url).resolve('sharp')
  }
}

let queue: Promise<unknown> = Promise.resolve()

/** Makes the copies of one image. Uploads are encoded one at a time per server process. */
export function makeBannerVariants(bytes: Uint8Array): Promise<BannerVariantSet> {
  const run = queue.then(() => makeVariants(bytes))
  queue = run.catch(() => undefined)
  return run
}

async function makeVariants(bytes: Uint8Array): Promise<BannerVariantSet> {
  const { data, info } = await decode(bytes)
  const { width, height, channels } = info
  const widths = bannerVariantWidths(width)
  const jobs = widths.flatMap((w) => BANNER_VARIANT_FORMATS.map((format) => ({ width: w, format })))
  const encoded = await encodeInChild(data, { width, height, channels, jobs, options: ENCODER_OPTIONS })
  return {
    variants: { width, height, widths },
    files: jobs.map((job, i) => ({ ...job, contentType: VARIANT_CONTENT_TYPES[job.format], bytes: encoded[i]! })),
  }
}

/** The upload as stored and served: same format and size, upright, its metadata (EXIF GPS, XMP, IPTC) dropped. */
export async function withoutMetadata(bytes: Uint8Array, format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  try {
    const sharp = await loadSharp()
    const image = sharp(bytes, { limitInputPixels: LIMITS.upload.maxPixels }).rotate()
    const encoded =
      format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 })
    return new Uint8Array(await encoded.toBuffer())
  } catch (error) {
    throw new UndecodableImageError('the image could not be decoded', { cause: error })
  }
}

/** Upright, within the widest step and the tallest hero at three device pixels, as raw pixels. */
async function decode(bytes: Uint8Array) {
  const ladder = LIMITS.upload.variantWidths
  try {
    const sharp = await loadSharp()
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

interface EncodeJob {
  width: number
  height: number
  channels: number
  jobs: { width: number; format: BannerVariantFormat }[]
  options: typeof ENCODER_OPTIONS
}

/** The child process, run from its source text (it refers to nothing outside it): pixels in, length-prefixed files out. */
async function encoderMain(): Promise<void> {
  const { createRequire: requireFrom } = process.getBuiltinModule('node:module')
  // require() of an ES module: Node 22.12 and later.
  const loaded = requireFrom(process.argv[1]!)(process.argv[1]!) as SharpFunction | { default: SharpFunction }
  const sharp = 'default' in loaded ? loaded.default : loaded
  sharp.cache(false)
  const job = JSON.parse(process.argv[2]!) as EncodeJob
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const pixels = Buffer.concat(chunks)
  const raw = { width: job.width, height: job.height, channels: job.channels as 1 | 2 | 3 | 4 }
  for (const { width, format } of job.jobs) {
    const image: Sharp = sharp(pixels, { raw }).resize({ width })
    const bytes = await (format === 'avif' ? image.avif(job.options.avif) : image.webp(job.options.webp)).toBuffer()
    const length = Buffer.alloc(4)
    length.writeUInt32BE(bytes.byteLength)
    process.stdout.write(length)
    process.stdout.write(bytes)
  }
}

const ENCODER_SOURCE = `(${encoderMain.toString()})().catch((error) => { console.error(error); process.exit(1) })`

function encodeInChild(pixels: Buffer, job: EncodeJob): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ENCODER_SOURCE, sharpEntry(), JSON.stringify(job)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
      timeout: ENCODE_TIMEOUT_MS,
    })
    try {
      if (child.pid) setPriority(child.pid, ENCODER_PRIORITY)
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`the banner encoder failed (${signal ?? code}): ${Buffer.concat(err).toString().trim()}`))
        return
      }
      const all = Buffer.concat(out)
      const files: Uint8Array[] = []
      for (let at = 0; at < all.byteLength; ) {
        const length = all.readUInt32BE(at)
        files.push(new Uint8Array(all.subarray(at + 4, at + 4 + length)))
        at += 4 + length
      }
      if (files.length === job.jobs.length) resolve(files)
      else reject(new Error(`the banner encoder made ${files.length} of ${job.jobs.length} files`))
    })
    child.stdin.on('error', () => {}) // a child that died early: reported on close
    child.stdin.end(pixels)
  })
}
