/** The pipeline's outermost step: gives each request an id (X-Request-Id), runs the rest in its log
 * scope, and writes one line per request (decision 130). */
import { randomUUID } from 'node:crypto'
import { type ServerEnv, serverEnv } from './env.server'
import { clientAddress } from './forwarded.server'
import { type Logger, log, requestScope } from './log.server'
import { requestDuration } from './metrics.server'
import type { Middleware, Next } from './middleware'

/** What a proxy's request id may look like: a UUID, a hex or base64 id; nothing that can break a log line. */
const REQUEST_ID = /^[\w.:+/=-]{1,128}$/

export function requestIdOf(request: Request, proxyHops: number): string {
  const given = request.headers.get('x-request-id')
  return proxyHops > 0 && given && REQUEST_ID.test(given) ? given : randomUUID()
}

/** Probes a load balancer sends every second or so: logged at debug while they succeed. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics'])

/** The route a path belongs to, for the histogram's label: a bounded set, anything unknown `other`. */
export function routeOf(pathname: string, status: number): string {
  if (pathname.startsWith('/_serverFn/')) {
    const id = pathname.slice('/_serverFn/'.length)
    return /^[0-9a-f]{1,128}$/.test(id) ? pathname : '/_serverFn/:id'
  }
  if (pathname.startsWith('/uploads/')) return '/uploads/:file'
  if (status === 404) return 'not_found'
  const known = /^(\/en)?(\/|\/admin(\/(login|messages|team))?|\/robots\.txt|\/sitemap\.xml)?$/.test(pathname)
  if (known || PROBES.has(pathname) || /^\/api\/[\w-]+$/.test(pathname)) return pathname.replace(/(.)\/$/, '$1')
  return 'other'
}

/** The socket's address, as srvx hands it on the request (absent in tests that build their own). */
const socketAddress = (request: Request) => (request as Request & { ip?: string }).ip

export function createRequestLog(env: () => Pick<ServerEnv, 'proxyHops'>, logger: () => Logger = log): Middleware {
  return (request, next) => logRequest(request, next, env(), logger())
}

export const requestLog = createRequestLog(serverEnv)

/** What the request line needs from the start of a request. */
export interface RequestRecord {
  started: number
  requestId: string
  method: string
  pathname: string
  clientAddress: string
}

/** Starts a request's record: its id, its start time, and the fields its line will carry. */
export function openRequest(request: Request, pathname: string, env: Pick<ServerEnv, 'proxyHops'>): RequestRecord {
  return {
    started: performance.now(),
    requestId: requestIdOf(request, env.proxyHops),
    method: request.method,
    pathname,
    clientAddress: clientAddress(request.headers.get('x-forwarded-for'), socketAddress(request), env.proxyHops),
  }
}

/** Ends it: the duration to the answer's head goes to the histogram, and one line to the log
 * (at debug for a probe, or with `quietWhenOk` for any answer under 400). */
export function closeRequest(
  record: RequestRecord,
  status: number,
  logger: Logger,
  options: { quietWhenOk?: boolean } = {},
): void {
  const seconds = (performance.now() - record.started) / 1000
  const route = routeOf(record.pathname, status)
  requestDuration.observe({ method: record.method, route, status: String(status) }, seconds)
  const level = (options.quietWhenOk || PROBES.has(record.pathname)) && status < 400 ? 'debug' : 'info'
  logger[level](
    {
      reqId: record.requestId,
      method: record.method,
      path: record.pathname,
      clientAddress: record.clientAddress,
      route,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
    },
    'request',
  )
}

async function logRequest(request: Request, next: Next, env: Pick<ServerEnv, 'proxyHops'>, logger: Logger): Promise<Response> {
  const record = openRequest(request, new URL(request.url).pathname, env)
  const { requestId } = record
  let response: Response
  try {
    response = await requestScope.run({ requestId }, () => next(request))
  } catch (error) {
    // Nothing inside answered: the request fails as a 500, and the error is logged with its id.
    requestScope.run({ requestId }, () => logger.error({ err: error }, 'request failed'))
    response = new Response('Internal Server Error', { status: 500 })
  }
  try {
    response.headers.set('x-request-id', requestId)
  } catch {
    // Immutable headers (a redirect, a proxied fetch): copy them.
    response = new Response(response.body, response)
    response.headers.set('x-request-id', requestId)
  }
  closeRequest(record, response.status, logger)
  return response
}
