import { extractLocaleFromUrl } from '~/paraglide/runtime'
import { LOCALE_COOKIE, LOCALE_COOKIE_NAME as cookieName } from './cookies'
import { CACHEABLE_PATHS } from './page-cache.server'
import { serverEnv } from './env.server'
import type { Middleware } from './middleware'

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`)

/** A landing page sets its reader's language in the cookie that admin pages and server functions follow. */
export function rememberPageLocale(request: Request, response: Response): Response {
  const url = new URL(request.url)
  const type = response.headers.get('content-type') ?? ''
  if (request.method !== 'GET' || !CACHEABLE_PATHS.has(url.pathname) || response.status !== 200 || !type.includes('text/html')) {
    return response
  }
  const cookie = pageLocaleCookieFor(request, url.href)
  if (cookie) response.headers.append('set-cookie', cookie)
  return response
}

/** The Set-Cookie of a landing page's GET at `href`: its locale, unless the cookie names it already. */
export function pageLocaleCookieFor(request: Request, href: string): string | null {
  const locale = extractLocaleFromUrl(href)
  const current = (request.headers.get('cookie') ?? '').match(COOKIE_VALUE)?.[1]
  if (!locale || current === locale) return null
  const secure = serverEnv().secureCookies ? '; Secure' : ''
  return `${cookieName}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`
}

/** `rememberPageLocale` as a step of the request pipeline. */
export const pageLocaleCookie: Middleware = async (request, next) => rememberPageLocale(request, await next(request))
