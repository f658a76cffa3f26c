/** Recognises a banner upload by its bytes, never its name or declared type: JPEG, PNG or WebP, read
 * far enough to learn its size; anything else is `unsupported` (decision 040). */
import { LIMITS } from '~/lib/limits'

export const IMAGE_FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const
export type ImageFormat = keyof typeof IMAGE_FORMATS

export type ImageInspection =
  | { ok: true; format: ImageFormat; width: number; height: number }
  /** Not one of our formats. */
  | { ok: false; reason: 'unsupported' }
  /** Starts like one of our formats, but its size cannot be read: truncated or damaged. */
  | { ok: false; reason: 'unreadable'; format: ImageFormat }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b)
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

export function inspectImage(bytes: Uint8Array): ImageInspection {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let format: ImageFormat
  let size: { width: number; height: number } | null
  if (startsWith(bytes, PNG_SIGNATURE)) {
    format = 'png'
    size = pngSize(bytes, view)
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    format = 'jpeg'
    size = jpegSize(bytes, view)
  } else if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    format = 'webp'
    size = webpSize(bytes, view)
  } else {
    return { ok: false, reason: 'unsupported' }
  }
  if (!size || size.width === 0 || size.height === 0) return { ok: false, reason: 'unreadable', format }
  return { ok: true, format, ...size }
}

/** The first chunk of every PNG is IHDR: width and height as big-endian 32-bit numbers. */
function pngSize(bytes: Uint8Array, view: DataView) {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** Walks the JPEG markers up to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegSize(bytes: Uint8Array, view: DataView) {
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]!
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      offset += 1
      continue
    }
    // Markers without a length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2
      continue
    }
    // Start of scan or end of image before any frame header: nothing to measure.
    if (marker === 0xda || marker === 0xd9) return null
    const length = view.getUint16(offset + 2)
    if (length < 2) return null
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      if (offset + 9 > bytes.length) return null
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    }
    offset += 2 + length
  }
  return null
}

/** The first chunk after the RIFF header says which WebP flavour this is and holds its size. */
function webpSize(bytes: Uint8Array, view: DataView) {
  const chunk = ascii(bytes, 12, 4)
  const data = 20
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (bytes.length < data + 10 || !startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) return null
    return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian.
    if (bytes.length < data + 5 || bytes[data] !== 0x2f) return null
    const bits = view.getUint32(data + 1, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1 as 24-bit little-endian numbers.
    if (bytes.length < data + 10) return null
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
    return { width: u24(data + 4) + 1, height: u24(data + 7) + 1 }
  }
  return null
}

export type DimensionProblem = 'too_small' | 'too_large'

/** Sane sizes for a hero banner (LIMITS.upload): each side and the total pixel count. */
export function checkDimensions(width: number, height: number): DimensionProblem | null {
  const { minSide, maxSide, maxPixels } = LIMITS.upload
  if (width < minSide || height < minSide) return 'too_small'
  if (width > maxSide || height > maxSide || width * height > maxPixels) return 'too_large'
  return null
}
