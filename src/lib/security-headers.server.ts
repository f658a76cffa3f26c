import { newNonce, nonceStorage } from './csp-nonce.server'
import { serverEnv } from './env.server'
import { requestScratch } from './request-scratch.server'
import type { Middleware } from './middleware'

/** Gives the request a fresh CSP nonce (in nonceStorage, where the renderer and the page cache find
 * it), lets the rest of the pipeline answer, and adds the security headers every response carries.
 * Policy: docs/decisions/070-security-headers.md. */
export const securityHeaders: Middleware = async (request, next) => {
  const nonce = newNonce()
  const response = await nonceStorage.run(nonce, () => requestScratch.run(new Map(), () => next(request)))
  return applySecurityHeaders(request, response, nonce)
}

/** Responses that belong to one person (sessions, admin data) must never sit in a shared cache. */
function isPrivate(pathname: string, setsCookie: boolean): boolean {
  return pathname.startsWith('/admin') || pathname.startsWith('/_serverFn') || setsCookie
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The security headers of one answer, to be set over what it has: the baseline every response
 * carries, the CSP with the request's nonce for HTML, and `private, no-store` for an answer that
 * belongs to one person. */
export function securityHeaderEntries(
  answer: { pathname: string; contentType: string; setsCookie: boolean },
  nonce: string,
): [string, string][] {
  const entries = baselineHeaderEntries()
  if (answer.contentType.includes('text/html')) entries.push(['content-security-policy', contentSecurityPolicy(nonce)])
  if (isPrivate(answer.pathname, answer.setsCookie)) entries.push(['cache-control', 'private, no-store'])
  return entries
}

function applySecurityHeaders(request: Request, response: Response, nonce: string): Response {
  let res = response
  try {
    res.headers.set('x-content-type-options', 'nosniff')
  } catch {
    // Some responses (redirects, proxied fetches) have immutable headers: copy them.
    res = new Response(response.body, response)
  }
  const h = res.headers
  const answer = {
    pathname: new URL(request.url).pathname,
    contentType: h.get('content-type') ?? '',
    setsCookie: h.has('set-cookie'),
  }
  for (const [name, value] of securityHeaderEntries(answer, nonce)) h.set(name, value)
  return res
}

/** The baseline headers (below), as entries. */
export function baselineHeaderEntries(): [string, string][] {
  const entries: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'],
  ]
  if (serverEnv().secureCookies) {
    entries.push(['strict-transport-security', 'max-age=31536000; includeSubDomains'])
  }
  return entries
}

/** The headers every response carries, pages and static files alike (the static ones get them from
 * src/server-plugins/static-headers.ts, since Nitro serves them before the app runs). */
export function applyBaselineHeaders(h: Headers): void {
  for (const [name, value] of baselineHeaderEntries()) h.set(name, value)
}
