import { getRequestHeader, getRequestIP } from '@tanstack/react-start/server'
import { serverEnv } from './env.server'
import { clientAddress } from './forwarded.server'

/** The caller's address for per-address limits: the socket's, or the X-Forwarded-For entry our outermost proxy wrote. */
export function clientIp(): string {
  // Without the xForwardedFor option getRequestIP is the socket's address.
  return clientAddress(getRequestHeader('x-forwarded-for'), getRequestIP(), serverEnv().proxyHops)
}
