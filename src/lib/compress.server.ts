import type { Middleware } from './middleware'

/** Gzip for what is rendered per request; static files and cached pages come compressed already. */
const COMPRESSIBLE = /^(text\/(html|plain|xml|csv)|application\/(json|xml)|image\/svg\+xml)\b/
/** Below this a gzip header and a round of compression cost more than they save. */
export const MIN_COMPRESSED_BYTES = 1024

export function acceptsGzip(request: Request): boolean {
  const accepted = request.headers.get('accept-encoding') ?? ''
  return accepted.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0)
  })
}

export function compressResponse(request: Request, response: Response): Response {
  if (request.method === 'HEAD') return response
  if (response.status < 200 || response.status === 204 || response.status === 206) return response
  if (response.headers.has('content-encoding')) return response
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response
  const length = response.headers.get('content-length')
  if (length !== null && Number(length) < MIN_COMPRESSED_BYTES) return response
  if (!acceptsGzip(request)) return response
  // Last: reading a FastResponse's body turns it into a web stream, losing the direct write.
  if (!response.body) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-encoding', 'gzip')
  headers.append('vary', 'accept-encoding')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** `compressResponse` as a step of the request pipeline. */
export const compression: Middleware = async (request, next) => compressResponse(request, await next(request))
