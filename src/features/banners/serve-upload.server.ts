/** Serves a stored upload by name: never overwritten, so cached for a year; nosniff and a strict CSP
 * keep the bytes the image type they were checked to be. */
import { getBackend } from '~/backend/get-backend.server'
import { isSafeUploadName } from './banners.schemas'

const NOT_FOUND_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }

export async function serveUpload(name: string): Promise<Response> {
  if (!isSafeUploadName(name)) return new Response('Not found', { status: 404, headers: NOT_FOUND_HEADERS })
  const backend = await getBackend()
  const file = await backend.storage.read(name)
  if (!file) return new Response('Not found', { status: 404, headers: NOT_FOUND_HEADERS })
  return new Response(file.bytes as BodyInit, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}
