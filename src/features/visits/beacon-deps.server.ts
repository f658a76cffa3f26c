/** The beacon handler's parts in the running app: its backend, the caller's address, the limiter, the log. */
import { getBackend } from '~/backend/get-backend.server'
import { rateLimiter } from '~/backend/rate-limiter.server'
import { clientIp } from '~/lib/client-ip.server'
import { serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
import { log } from '~/lib/log.server'
import type { BeaconDeps } from './visit-beacon.server'

const perIp = rateLimiter('visitPerIp')

export const beaconDeps: BeaconDeps = {
  backend: getBackend,
  clientIp,
  origin: (request) => requestOrigin(request, serverEnv()),
  hitLimit: (key) => perIp.hit(key),
  onError: (error) => log().error({ err: error }, 'visit beacon failed'),
}
