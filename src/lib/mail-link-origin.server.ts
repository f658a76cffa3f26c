/**
 * The origin of the links in notification e-mails. SITE_URL when set. Without it the request's
 * own origin (requestOrigin) is the sender's choice: a visitor posting the contact form with a
 * forged Host would put their own site into every admin's mail, one click from a copy of the
 * login page. So without SITE_URL only a request to this machine itself (localhost, a loopback
 * address: a developer's or a first try's) lends its origin; otherwise the mail names the path
 * without a link. Decision: docs/decisions/090-mail.md; the start-up log warns.
 */
import { isIP } from 'node:net'
import type { ServerEnv } from './env.server'
import { requestOrigin } from './forwarded.server'

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  return host === '::1'
}

export function mailLinkOrigin(request: Request, env: Pick<ServerEnv, 'siteUrl' | 'proxyHops'>): string | null {
  if (env.siteUrl) return env.siteUrl
  const origin = requestOrigin(request, env)
  return isLoopbackHost(new URL(origin).hostname) ? origin : null
}
