import { randomBytes } from 'node:crypto'
import { nonceStorage } from './csp-nonce.server'
import { serverEnv } from './env.server'
import type { Middleware } from './middleware'

/**
 * Gives the request a fresh CSP nonce (in nonceStorage, where the renderer and the page cache
 * find it), lets the rest of the pipeline answer, and adds the security headers every response
 * carries. Policy: docs/decisions/070-security-headers.md.
 */
export const securityHeaders: Middleware = async (request, next) => {
  const nonce = randomBytes(16).toString('base64')
  const response = await nonceStorage.run(nonce, () => next(request))
  return applySecurityHeaders(request, response, nonce)
}

/** Responses that belong to one person (sessions, admin data) must never sit in a shared cache. */
function isPrivate(request: Request, response: Response): boolean {
  const { pathname } = new URL(request.url)
  return pathname.startsWith('/admin') || pathname.startsWith('/_serverFn') || response.headers.has('set-cookie')
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

function applySecurityHeaders(request: Request, response: Response, nonce: string): Response {
  let res = response
  try {
    res.headers.set('x-content-type-options', 'nosniff')
  } catch {
    // Some responses (redirects, proxied fetches) have immutable headers: copy them.
    res = new Response(response.body, response)
  }
  const h = res.headers
  applyBaselineHeaders(h)
  if ((h.get('content-type') ?? '').includes('text/html')) {
    h.set('content-security-policy', contentSecurityPolicy(nonce))
  }
  if (isPrivate(request, res)) h.set('cache-control', 'private, no-store')
  return res
}

/**
 * The headers every response carries, pages and static files alike (the static ones get them
 * from src/server-plugins/static-headers.ts, since Nitro serves them before the app runs).
 */
export function applyBaselineHeaders(h: Headers): void {
  h.set('x-content-type-options', 'nosniff')
  h.set('referrer-policy', 'strict-origin-when-cross-origin')
  h.set('x-frame-options', 'DENY')
  h.set('cross-origin-opener-policy', 'same-origin')
  h.set('cross-origin-resource-policy', 'same-origin')
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()')
  if (serverEnv().secureCookies) {
    h.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  }
}
