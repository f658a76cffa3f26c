import { getCookies, getRequestHeader, setCookie } from '@tanstack/react-start/server'
import type { RequestContext } from '~/backend/backend'
import { clientIp } from '~/lib/client-ip.server'
import { BACKGROUND_HEADER } from '~/lib/background-calls'
import { readCodeBrowser } from './code-browser.server'

/** The current request's cookies and caller, as the backend's auth adapters use them. */
export function requestContext(): RequestContext {
  return {
    clientAddress: clientIp(),
    codeBrowser: readCodeBrowser() ?? undefined,
    activity: getRequestHeader(BACKGROUND_HEADER) !== '1',
    userAgent: getRequestHeader('user-agent') ?? undefined,
    cookies: {
      getAll: () => Object.entries(getCookies()).map(([name, value]) => ({ name, value: value ?? '' })),
      set: (name, value, options) => setCookie(name, value, options),
    },
  }
}
