/** The beacon handler's parts in the running app: its backend, the caller's address, the limiter, the log. */
import { getBackend } from '~/backend/get-backend.server'
import { serverEnv } from '~/lib/env.server'
import { clientAddress, requestOrigin } from '~/lib/forwarded.server'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import { createAddressLimit } from './address-limit'
import { createBeaconAnswer } from './beacon-entry.server'
import type { BeaconDeps } from './visit-beacon.server'

const perIp = createAddressLimit({ ...LIMITS.rate.visitPerIp, maxKeys: LIMITS.visits.limitMaxAddresses })

export const beaconDeps: BeaconDeps = {
  backend: getBackend,
  // Answered before Start (src/server-plugins/visit-beacon.ts): the socket's address is the server's request's `ip`.
  clientIp: (request) =>
    clientAddress(request.headers.get('x-forwarded-for'), (request as Request & { ip?: string }).ip, serverEnv().proxyHops),
  origin: (request) => requestOrigin(request, serverEnv()),
  hitLimit: async (key) => perIp(key),
  onError: (error) => log().error({ err: error }, 'visit beacon failed'),
}

/** The beacon's answer in the running app (the Nitro plugin, and src/server.ts where it does not run). */
export const answerVisitBeacon = createBeaconAnswer({ deps: beaconDeps, env: serverEnv, logger: log })
