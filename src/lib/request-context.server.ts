import { getCookies, getRequestHeader, getRequestIP, setCookie } from '@tanstack/react-start/server'
import type { RequestContext } from '~/backend/backend'
import { serverEnv } from './env.server'

/** The current request's cookies, as the backend's auth adapters read and write them. */
export function requestContext(): RequestContext {
  return {
    cookies: {
      getAll: () => Object.entries(getCookies()).map(([name, value]) => ({ name, value: value ?? '' })),
      set: (name, value, options) => setCookie(name, value, options),
    },
  }
}

/** The caller's address; behind a trusted proxy, the left-most X-Forwarded-For entry. */
export function clientIp(): string {
  if (serverEnv().trustProxy) {
    const forwarded = getRequestHeader('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  return (getRequestIP() ?? 'unknown').slice(0, 64)
}
