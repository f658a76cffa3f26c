/** The beacon handler's parts in the running app: its backend, the caller's address, the limiter, the log. */
import { getBackend } from '~/backend/get-backend.server'
import { clientIp } from '~/lib/client-ip.server'
import { serverEnv } from '~/lib/env.server'
import { requestOrigin } from '~/lib/forwarded.server'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import { createAddressLimit } from './address-limit'
import type { BeaconDeps } from './visit-beacon.server'

const perIp = createAddressLimit({ ...LIMITS.rate.visitPerIp, maxKeys: LIMITS.visits.limitMaxAddresses })

export const beaconDeps: BeaconDeps = {
  backend: getBackend,
  clientIp,
  origin: (request) => requestOrigin(request, serverEnv()),
  hitLimit: async (key) => perIp(key),
  onError: (error) => log().error({ err: error }, 'visit beacon failed'),
}
