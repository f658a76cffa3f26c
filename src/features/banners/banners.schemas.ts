/** What a banner may point at, shared by the dialog, the server functions and the tests; messages
 * are read at check time, so they follow the caller's language. */
import * as v from 'valibot'
import { BANNER_KEYS, UPLOADS_PATH } from '~/domain/banners'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'

/** A stored upload's name: no separators and no leading dot, so it can never leave the bucket. */
const SAFE_UPLOAD_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export function isSafeUploadName(name: string): boolean {
  return SAFE_UPLOAD_NAME.test(name)
}

/** C0 controls, DEL and lone surrogates: the URL parser skips or encodes them, so stored and used would differ. */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || (char.length === 1 && code >= 0xd800 && code <= 0xdfff)) return true
  }
  return false
}

/** An address the public page may load: http(s) without credentials, or our upload; '' means the default. */
export function isAllowedImageUrl(value: string): boolean {
  if (value === '') return true
  if (hasUnsafeCharacter(value)) return false
  if (value.startsWith(`${UPLOADS_PATH}/`)) return isSafeUploadName(value.slice(UPLOADS_PATH.length + 1))
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password
}

export const BannerKeySchema = v.picklist(BANNER_KEYS)

/** The URL field as typed; empty becomes null (no stored URL: the page shows the default). */
export const BannerImageUrlSchema = v.pipe(
  // The first problem becomes the save's message, so even a wrong type gets a localized one.
  v.string(() => m.banner_url_invalid()),
  v.trim(),
  v.maxLength(LIMITS.banner.urlMax, () => m.banner_url_too_long({ max: LIMITS.banner.urlMax })),
  v.check(isAllowedImageUrl, () => m.banner_url_invalid()),
  v.transform((value) => (value === '' ? null : value)),
)

/** The images an upload is for: the banner's own, or its mobile image. */
export const BANNER_IMAGE_KINDS = ['main', 'mobile'] as const
export type BannerImageKind = (typeof BANNER_IMAGE_KINDS)[number]
