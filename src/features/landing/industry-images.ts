/**
 * The browser-stored `industry-images` map (docs/product.md#industries): industry key → image URL. A stored
 * value replaces the built-in image unless it is empty or a tiny placeholder data image.
 */
import { INDUSTRY_KEYS } from './industries'
import { INDUSTRY_IMAGES_STORAGE_KEY } from './industry-images-key'

export { INDUSTRY_IMAGES_STORAGE_KEY }

/** A `data:` image whose decoded payload is at most this many bytes is a placeholder, not a picture:
 * a 1×1 GIF or PNG and an empty SVG are all well under it, while even a heavily compressed 64×40
 * thumbnail is larger. */
export const TINY_DATA_IMAGE_MAX_BYTES = 512

/** Decoded size of a data URL's payload, or null when it is not an image data URL. */
export function dataImageBytes(url: string): number | null {
  const match = /^data:image\/[a-z0-9.+-]+((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is.exec(url)
  if (!match) return null
  const payload = match[3] ?? ''
  if (match[2]) {
    const clean = payload.replace(/\s+/g, '')
    const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0
    return Math.max(0, Math.floor((clean.length * 3) / 4) - padding)
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(payload)).length
  } catch {
    return payload.length
  }
}

export function isTinyDataImage(url: string): boolean {
  const bytes = dataImageBytes(url)
  return bytes !== null && bytes <= TINY_DATA_IMAGE_MAX_BYTES
}

/** Whether a stored value may replace the built-in image. */
export function isUsableOverride(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const url = value.trim()
  if (url === '') return false
  if (url.startsWith('data:')) return dataImageBytes(url) !== null && !isTinyDataImage(url)
  // Only web addresses and site paths: no javascript:, blob: or file: values.
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))
}

/** Parses the stored map for the page's industries; anything malformed yields no overrides rather than an error. */
export function parseIndustryImages(
  raw: string | null,
  keys: readonly string[] = INDUSTRY_KEYS,
): Partial<Record<string, string>> {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  const result: Partial<Record<string, string>> = {}
  for (const key of keys) {
    const value = (parsed as Record<string, unknown>)[key]
    if (isUsableOverride(value)) result[key] = value.trim()
  }
  return result
}
