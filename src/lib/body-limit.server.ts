/** Refuses request bodies over their limit before the app reads them whole (decision 071): by the
 * declared length at once, or by a counting stream for bodies sent without one. */
import { m } from '~/paraglide/messages'
import { type Locale, extractLocaleFromRequest } from '~/paraglide/runtime'
import { AppError } from './app-error'
import type { Middleware } from './middleware'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

export interface BodyLimit {
  maxBytes: number
  /** The refusal's message in the request's language; "the request is too large" when left out. */
  message?: (locale: Locale) => string
}

export interface BodyLimits extends BodyLimit {
  /** Limits of their own for some paths (an upload route's, larger), by exact pathname. */
  paths?: Record<string, BodyLimit>
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

/** srvx's `ServerRequest` fields beside the standard ones (the client's address among them). */
const SERVER_FIELDS = ['ip', 'context', 'runtime', 'waitUntil'] as const

/** A copy of the request (method, headers, signal, server fields) that reads `body`, however it is read. */
export function withBody(request: Request, body: ReadableStream<Uint8Array>): Request {
  const { url, method, headers, signal } = request
  const copy = new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit)
  for (const field of SERVER_FIELDS) {
    const value: unknown = Reflect.get(request, field)
    if (value !== undefined) Object.defineProperty(copy, field, { value, enumerable: true, writable: true, configurable: true })
  }
  return copy
}

/** The pipeline step that limits request bodies: `limits` for every path but those in `limits.paths`. */
export function limitBodies(limits: BodyLimits): Middleware {
  const byPath = new Map(Object.entries(limits.paths ?? {}))
  const tooLarge = (request: Request, limit: BodyLimit) => {
    const locale = extractLocaleFromRequest(request)
    const message = (limit.message ?? limits.message)?.(locale) ?? m.error_payload_too_large({}, { locale })
    return new AppError(413, 'payload_too_large', message)
  }
  return async (request, next) => {
    // `request.body` is not touched on the common path: the server builds that stream lazily.
    if (!METHODS_WITH_BODY.has(request.method)) return next(request)
    const limit = byPath.get(new URL(request.url).pathname) ?? limits
    const declared = request.headers.get('content-length')
    // The HTTP parser delivers no more than a declared length, so only undeclared bodies need counting.
    if (declared !== null) {
      if (Number(declared) > limit.maxBytes) return tooLargeResponse(tooLarge(request, limit))
      return next(request)
    }
    if (!request.body) return next(request)
    let exceeded: AppError | undefined
    const counted = limitStream(request.body, limit.maxBytes, () => (exceeded = tooLarge(request, limit)))
    const response = await next(withBody(request, counted))
    if (!exceeded) return response
    // Whatever the app answered to the failed read, the refusal wins.
    if (response.status === 413) return closingConnection(response)
    await response.body?.cancel().catch(() => {})
    return closingConnection(tooLargeResponse(exceeded))
  }
}

/** The rest of a refused body is never read, so the connection cannot carry another request. */
function closingConnection(response: Response): Response {
  const closing = new Response(response.body, response)
  closing.headers.set('connection', 'close')
  return closing
}
