/** POST /api/visit, answered before Nitro's router and Start (docs/decisions/241-beacon-batches.md):
 * the request line, the security headers and the body limit around the handler, nothing else. */
import { limitBodies } from '~/lib/body-limit.server'
import type { ServerEnv } from '~/lib/env.server'
import { LIMITS } from '~/lib/limits'
import { type Logger, requestScope } from '~/lib/log.server'
import { closeRequest, openRequest } from '~/lib/request-log.server'
import { securityHeaderEntries } from '~/lib/security-headers.server'
import { VISIT_BEACON_PATH } from './beacon-path'
import { type BeaconDeps, handleVisitBeacon } from './visit-beacon.server'

const limitBody = limitBodies({ maxBytes: LIMITS.visits.beaconMaxBytes })

export function isVisitBeacon(request: Request): boolean {
  return request.method === 'POST' && new URL(request.url).pathname === VISIT_BEACON_PATH
}

export interface BeaconAnswerOptions {
  deps: BeaconDeps
  env: () => Pick<ServerEnv, 'proxyHops'>
  logger: () => Logger
}

export function createBeaconAnswer({ deps, env, logger }: BeaconAnswerOptions) {
  return async (request: Request): Promise<Response> => {
    const record = openRequest(request, VISIT_BEACON_PATH, env())
    const scope = { requestId: record.requestId }
    let response: Response
    try {
      response = await requestScope.run(scope, () => limitBody(request, (limited) => handleVisitBeacon(limited, deps)))
    } catch (error) {
      requestScope.run(scope, () => logger().error({ err: error }, 'visit beacon failed'))
      response = new Response(null, { status: 503, headers: { 'retry-after': '60', 'cache-control': 'no-store' } })
    }
    const h = response.headers
    // No page, so no CSP nonce: the baseline headers every answer carries.
    const kind = { pathname: VISIT_BEACON_PATH, contentType: h.get('content-type') ?? '', setsCookie: false }
    for (const [name, value] of securityHeaderEntries(kind, '')) h.set(name, value)
    h.set('x-request-id', record.requestId)
    // A beacon taken is the bulk of the traffic and says nothing: logged at debug, like a probe.
    closeRequest(record, response.status, logger(), { quietWhenOk: true })
    return response
  }
}
