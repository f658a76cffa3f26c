import { getCookies, getRequestHeader, getRequestIP, setCookie } from '@tanstack/react-start/server'
import type { RequestContext } from '~/backend/backend'
import { serverEnv } from './env.server'
import { clientAddress } from './forwarded.server'

/** The current request's cookies and caller, as the backend's auth adapters use them. */
export function requestContext(): RequestContext {
  return {
    clientAddress: clientIp(),
    cookies: {
      getAll: () => Object.entries(getCookies()).map(([name, value]) => ({ name, value: value ?? '' })),
      set: (name, value, options) => setCookie(name, value, options),
    },
  }
}

/**
 * The caller's address for per-address limits: the socket's, or behind TRUST_PROXY proxies the
 * X-Forwarded-For entry the outermost of them wrote (never one the sender could write).
 */
export function clientIp(): string {
  // Without the xForwardedFor option getRequestIP is the socket's address.
  return clientAddress(getRequestHeader('x-forwarded-for'), getRequestIP(), serverEnv().proxyHops)
}
