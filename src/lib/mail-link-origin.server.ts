/** The origin of the links in notification e-mails. SITE_URL when set (decision 090). */
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
