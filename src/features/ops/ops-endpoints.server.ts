/** GET /healthz, /readyz and /metrics, answered in the request pipeline before anything reads a
 * body, a cookie or the page cache: no session, no rate limit, never cached
 * (docs/decisions/130-logs-metrics-health.md, docs/operations.md). */
import { timingSafeEqual } from 'node:crypto'
import { getBackend } from '~/backend/get-backend.server'
import { serverEnv } from '~/lib/env.server'
import { registry } from '~/lib/metrics.server'
import type { Middleware } from '~/lib/middleware'
import { createReader, readinessOf } from './readiness.server'
import { snapshotStatus } from './snapshot-status.server'
import { startWarmUp } from './warm-up.server'
import { recordReading } from './status-metrics.server'

export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const

const NO_STORE = { 'cache-control': 'no-store' }

const read = createReader({
  status: async () => (await getBackend()).status,
  snapshots: snapshotStatus,
  warmedUp: startWarmUp.ended,
})

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: NO_STORE })
}

/** The bearer token compared in constant time; any refusal looks like no endpoint at all. */
function authorized(request: Request, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

async function metrics(request: Request): Promise<Response> {
  const token = serverEnv().metricsToken
  if (!token || !authorized(request, token)) return new Response('Not Found', { status: 404, headers: NO_STORE })
  const reading = await read()
  const pool = await getBackend().then(
    (backend) => backend.status.pool(),
    () => null,
  )
  recordReading(reading.reading, pool, reading.snapshots)
  return new Response(await registry.metrics(), {
    headers: { 'content-type': registry.contentType, ...NO_STORE },
  })
}

export const opsEndpoints: Middleware = async (request, next) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next(request)
  const { pathname } = new URL(request.url)
  if (pathname === '/healthz') return json({ status: 'ok' }, 200)
  if (pathname === '/readyz') {
    const readiness = readinessOf(await read())
    return json({ status: readiness.ok ? 'ok' : 'fail', checks: readiness.checks }, readiness.ok ? 200 : 503)
  }
  if (pathname === '/metrics') return metrics(request)
  return next(request)
}
