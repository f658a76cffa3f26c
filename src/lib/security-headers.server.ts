import { randomBytes } from 'node:crypto'
import { nonceStorage } from './csp-nonce.server'
import { serverEnv } from './env.server'

/**
 * Runs the request with a fresh CSP nonce (read by the renderer through nonceStorage)
 * and adds the security headers every response carries.
 */
export async function withSecurity(
  request: Request,
  next: (request: Request) => Promise<Response>,
): Promise<Response> {
  const nonce = randomBytes(16).toString('base64')
  const response = await nonceStorage.run(nonce, () => next(request))
  return applySecurityHeaders(response, nonce)
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

function applySecurityHeaders(response: Response, nonce: string): Response {
  // Some responses (redirects, fetch passthroughs) have immutable headers.
  let res = response
  try {
    res.headers.set('x-content-type-options', 'nosniff')
  } catch {
    res = new Response(response.body, response)
  }
  const h = res.headers
  h.set('x-content-type-options', 'nosniff')
  h.set('referrer-policy', 'strict-origin-when-cross-origin')
  h.set('x-frame-options', 'DENY')
  h.set('cross-origin-opener-policy', 'same-origin')
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()')
  if ((h.get('content-type') ?? '').includes('text/html')) {
    h.set('content-security-policy', contentSecurityPolicy(nonce))
  }
  if (serverEnv().secureCookies) {
    h.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  }
  return res
}
