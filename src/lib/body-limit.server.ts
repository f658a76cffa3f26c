/**
 * Refuses request bodies over LIMITS.http before the app reads them whole (decision 071):
 * a declared Content-Length over the limit is answered 413 at once, without reading a byte;
 * a body sent without a length (chunked) is read through a counting stream that fails with a
 * 413 as soon as it passes the limit, so nothing downstream ever buffers more than that.
 */
import { LIMITS } from './limits'
import { AppError } from './app-error'
import { m } from '~/paraglide/messages'
import { extractLocaleFromRequest } from '~/paraglide/runtime'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])
const BODY_READERS = new Set(['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'])
export const UPLOAD_PATH = '/api/banner-upload'

export function bodyLimitFor(pathname: string): number {
  return pathname === UPLOAD_PATH ? LIMITS.http.maxUploadBodyBytes : LIMITS.http.maxBodyBytes
}

function payloadTooLarge(request: Request): AppError {
  const locale = extractLocaleFromRequest(request)
  // An image that is too large gets the upload's own message, naming the size allowed.
  const message =
    new URL(request.url).pathname === UPLOAD_PATH
      ? m.banner_upload_error_too_big({ maxMb: LIMITS.upload.maxBytes / (1024 * 1024) }, { locale })
      : m.error_payload_too_large({}, { locale })
  return new AppError(413, 'payload_too_large', message)
}

/** The same shape as the upload route's errors: a stable code and a localized message. */
function tooLargeResponse(error: AppError): Response {
  return Response.json({ code: error.code, message: error.message }, { status: error.status })
}

/** Passes the stream through while counting; errors it (and cancels the source) past `max`. */
export function limitStream(
  source: ReadableStream<Uint8Array>,
  max: number,
  onExceeded: () => Error,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let total = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) return controller.close()
      total += value.byteLength
      if (total > max) {
        const error = onExceeded()
        reader.cancel(error).catch(() => {})
        return controller.error(error)
      }
      controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

function nativeRequest(request: Request, body: ReadableStream<Uint8Array> | null): Request {
  const { url, method, headers, signal } = request
  return new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit)
}

/**
 * The request as the app sees it: every way of reading the body goes through `limitStream`;
 * everything else (the client address, headers, signal) is the original's. A Proxy rather than
 * `new Request(…)`, because the server's request carries more than a plain Request (its `ip`).
 */
function withLimitedBody(request: Request, max: number, onExceeded: () => Error): Request {
  let limited: Response | undefined
  const limitedBody = () => (limited ??= new Response(request.body && limitStream(request.body, max, onExceeded)))
  return new Proxy(request, {
    get(target, prop) {
      if (prop === 'body') return limitedBody().body
      if (prop === 'bodyUsed') return limited?.bodyUsed ?? false
      if (typeof prop === 'string' && BODY_READERS.has(prop))
        return () => (limitedBody() as unknown as Record<string, () => unknown>)[prop]!()
      if (prop === 'clone') return () => withLimitedBody(target.clone(), max, onExceeded)
      // srvx materialises a native Request under `_request` for APIs that need one.
      if (prop === '_request') return nativeRequest(target, limitedBody().body)
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Runs `next` with the body limited, or answers 413 when the body is (or becomes) too large. */
export async function limitRequestBody(request: Request, next: (request: Request) => Promise<Response>): Promise<Response> {
  // `request.body` is not touched on the common path: the server builds that stream lazily.
  if (!METHODS_WITH_BODY.has(request.method)) return next(request)
  const max = bodyLimitFor(new URL(request.url).pathname)
  const declared = request.headers.get('content-length')
  // The HTTP parser delivers no more than a declared length, so only undeclared bodies need counting.
  if (declared !== null) {
    if (Number(declared) > max) return tooLargeResponse(payloadTooLarge(request))
    return next(request)
  }
  let exceeded: AppError | undefined
  const response = await next(withLimitedBody(request, max, () => (exceeded = payloadTooLarge(request))))
  // The app decides how a failed read surfaces (Start answers 413 with the AppError); if it
  // answered anything else, the refusal still wins.
  if (exceeded && response.status !== 413) {
    await response.body?.cancel().catch(() => {})
    return tooLargeResponse(exceeded)
  }
  return response
}
