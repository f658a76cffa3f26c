/** The banner upload, as a plain HTTP handler so the browser can report progress (XHR upload events;
 * server functions post with fetch, which cannot) (decision 040). */
import type { FileStorage } from '~/backend/backend'
import { BANNER_KEYS, type BannerImageVariants, bannerVariantUrl } from '~/domain/banners'
import { getBackend } from '~/backend/get-backend.server'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { requirePasskeyDone } from '~/features/auth/passkey-gate.server'
import { requestContext } from '~/features/auth/request-context.server'
import { m } from '~/paraglide/messages'
import { type Locale, cookieName, isLocale } from '~/paraglide/runtime'
import { BANNER_IMAGE_KINDS, type BannerImageKind } from './banners.schemas'
import { INDUSTRY_UPLOAD_KEY, INDUSTRY_UPLOAD_PREFIX } from './upload-banner-image'
import { IMAGE_FORMATS, checkDimensions, inspectImage } from './inspect-image'
import { UndecodableImageError, makeBannerVariants, withoutMetadata } from './make-banner-variants.server'
import { log } from '~/lib/log.server'

const MB = 1024 * 1024
/** Files stored at once: Supabase Storage takes one request per file. */
const PARALLEL_STORES = 4

export interface BannerUploadResult {
  url: string
  variants: BannerImageVariants
}

/** The main image's name, hero-{key}-{timestamp} as the original app named uploads; the mobile one says so. */
function uploadBaseName(key: string, kind: BannerImageKind): string {
  if (key.startsWith(INDUSTRY_UPLOAD_PREFIX)) return `${key}-${Date.now()}`
  return `hero-${key}${kind === 'mobile' ? '-mobile' : ''}-${Date.now()}`
}

/** An industry's picture (the content editor) goes through the same pipeline: `industry-{id}`. */
function isUploadKey(key: unknown): key is string {
  if (typeof key !== 'string') return false
  return (BANNER_KEYS as readonly string[]).includes(key) || INDUSTRY_UPLOAD_KEY.test(key)
}

/** /api is outside Paraglide's URL strategy: the admin's language comes from its cookie. */
function requestLocale(request: Request): Locale {
  const cookie = request.headers.get('cookie') ?? ''
  const value = cookie.match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`))?.[1]
  return value && isLocale(value) ? value : 'tr'
}

export async function handleBannerUpload(request: Request): Promise<Response> {
  const locale = requestLocale(request)
  try {
    const backend = await getBackend()
    await authorize(backend, locale)
    const form = await readForm(request, locale)
    const key = form.get('key')
    const kind = form.get('image') ?? 'main'
    const file = form.get('file')
    if (!isUploadKey(key)) {
      throw new AppError(400, 'bad_request', m.error_bad_request({}, { locale }))
    }
    if (typeof kind !== 'string' || !(BANNER_IMAGE_KINDS as readonly string[]).includes(kind)) {
      throw new AppError(400, 'bad_request', m.error_bad_request({}, { locale }))
    }
    if (!(file instanceof File) || file.size === 0) {
      throw new AppError(400, 'bad_request', m.banner_upload_error_no_file({}, { locale }))
    }
    if (file.size > LIMITS.upload.maxBytes) throw tooBig(locale)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const format = checkImage(bytes, locale)
    const { contentType, extension } = IMAGE_FORMATS[format]
    const { variants, files } = await makeBannerVariants(bytes).catch((error: unknown) => {
      if (error instanceof UndecodableImageError) {
        throw new AppError(415, 'unsupported_media_type', m.banner_upload_error_unreadable({}, { locale }))
      }
      throw error
    })
    // The copies go first: once the image is stored, everything it names is there.
    const name = `${uploadBaseName(key, kind as BannerImageKind)}.${extension}`
    await storeAll(
      backend.storage,
      files.map((f) => ({ name: bannerVariantUrl(name, f.width, f.format), bytes: f.bytes, contentType: f.contentType })),
    )
    const { publicUrl } = await backend.storage.upload({
      name,
      // Never as sent: a phone's photo carries where it was taken (EXIF GPS).
      bytes: await withoutMetadata(bytes, format),
      contentType,
      cacheControlSeconds: LIMITS.upload.cacheControlSeconds,
    })
    return Response.json({ url: publicUrl, variants } satisfies BannerUploadResult, { status: 201 })
  } catch (error) {
    return errorResponse(error, locale)
  }
}

/** Stores files a few at a time, each with the upload cache lifetime. */
async function storeAll(storage: FileStorage, files: { name: string; bytes: Uint8Array; contentType: string }[]) {
  for (let i = 0; i < files.length; i += PARALLEL_STORES) {
    const batch = files.slice(i, i + PARALLEL_STORES)
    await Promise.all(batch.map((file) => storage.upload({ ...file, cacheControlSeconds: LIMITS.upload.cacheControlSeconds })))
  }
}

/** The same shape as a server function's AppError: a status, a stable code and a localized message. */
function errorResponse(error: unknown, locale: Locale): Response {
  let appError: AppError
  if (error instanceof AppError) {
    appError = error
  } else {
    log().error({ err: error }, 'banner upload failed')
    appError = new AppError(500, 'internal', m.error_internal({}, { locale }))
  }
  return Response.json({ code: appError.code, message: appError.message }, { status: appError.status })
}

async function authorize(backend: Awaited<ReturnType<typeof getBackend>>, locale: Locale): Promise<void> {
  // The same checks as requireAdmin, which only server functions can list as middleware.
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx)
  if (!user) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated({}, { locale }))
  if (!(await backend.auth.isAdmin(user.email))) {
    throw new AppError(403, 'forbidden', m.auth_error_forbidden({}, { locale }))
  }
  await requirePasskeyDone(ctx, user.email)
}

function tooBig(locale: Locale): AppError {
  return new AppError(413, 'payload_too_large', m.banner_upload_error_too_big({ maxMb: LIMITS.upload.maxBytes / MB }, { locale }))
}

/** Reads the multipart body with a cap, by the declared length or, without one, as it arrives. */
async function readForm(request: Request, locale: Locale): Promise<FormData> {
  const max = LIMITS.http.maxUploadBodyBytes
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (declared > max) throw tooBig(locale)
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.startsWith('multipart/form-data') || !request.body) {
    throw new AppError(400, 'bad_request', m.banner_upload_error_no_file({}, { locale }))
  }
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel()
      throw tooBig(locale)
    }
    chunks.push(value)
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new AppError(400, 'bad_request', m.error_bad_request({}, { locale }))
  }
}

/** The bytes decide: JPEG, PNG or WebP of a sane size, or a clear refusal. */
function checkImage(bytes: Uint8Array, locale: Locale) {
  const image = inspectImage(bytes)
  if (!image.ok) {
    if (image.reason === 'unreadable') {
      throw new AppError(415, 'unsupported_media_type', m.banner_upload_error_unreadable({}, { locale }))
    }
    throw new AppError(415, 'unsupported_media_type', m.banner_upload_error_type({}, { locale }))
  }
  const problem = checkDimensions(image.width, image.height)
  if (problem === 'too_small') {
    throw new AppError(422, 'bad_request', m.banner_upload_error_too_small_pixels({ min: LIMITS.upload.minSide }, { locale }))
  }
  if (problem === 'too_large') {
    const { maxSide, maxPixels } = LIMITS.upload
    throw new AppError(
      422,
      'bad_request',
      m.banner_upload_error_too_large_pixels({ maxSide, maxMegapixels: maxPixels / 1_000_000 }, { locale }),
    )
  }
  return image.format
}
