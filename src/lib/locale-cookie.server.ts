import { extractLocaleFromUrl } from '~/paraglide/runtime'
import { LOCALE_COOKIE, LOCALE_COOKIE_NAME as cookieName } from './cookies'
import { CACHEABLE_PATHS } from './page-cache.server'
import { serverEnv } from './env.server'
import type { Middleware } from './middleware'

/**
 * A landing page (`/`, `/en`) tells the browser which language its reader chose, in the
 * cookie that admin pages and server functions follow. The page's code does the same once it
 * runs (`useRememberLocale`), but it arrives after the first paint: the response itself
 * carries the cookie, so the choice holds from the first byte, with or without JavaScript.
 * Attributes as Paraglide's own `setLocale` writes them (readable by the page).
 */
export function rememberPageLocale(request: Request, response: Response): Response {
  const url = new URL(request.url)
  const type = response.headers.get('content-type') ?? ''
  if (request.method !== 'GET' || !CACHEABLE_PATHS.has(url.pathname) || response.status !== 200 || !type.includes('text/html')) {
    return response
  }
  const locale = extractLocaleFromUrl(url.href)
  const current = (request.headers.get('cookie') ?? '').match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`))?.[1]
  if (!locale || current === locale) return response
  const secure = serverEnv().secureCookies ? '; Secure' : ''
  response.headers.append(
    'set-cookie',
    `${cookieName}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`,
  )
  return response
}

/** `rememberPageLocale` as a step of the request pipeline. */
export const pageLocaleCookie: Middleware = async (request, next) => rememberPageLocale(request, await next(request))
