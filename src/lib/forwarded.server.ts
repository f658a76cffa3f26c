/** What the server believes about a request that may have come through reverse proxies: the client's
 * address (per-address rate limits) and the origin that pages name in absolute URLs (decision 080). */
import { isIP } from 'node:net'
import type { ServerEnv } from './env.server'

/** Every entry of a comma-separated forwarding header, left to right, across repeated header lines. */
export function forwardedEntries(header: string | string[] | null | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '')
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** The entry our outermost proxy wrote, `hops`-th from the right; with fewer, the right-most (the sender cannot forge it). */
export function trustedEntry(entries: string[], hops: number): string | undefined {
  if (hops <= 0) return undefined
  return entries.length >= hops ? entries[entries.length - hops] : entries.at(-1)
}

/** One spelling per address, so a sender cannot count twice; null for anything that is not one. */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim()
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1] ?? ''
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text)?.[1]
  if (mapped && isIP(mapped) === 4) return mapped
  if (isIP(text) === 4) return text
  // The URL parser writes IPv6 in its canonical form (RFC 5952).
  if (isIP(text) === 6) return new URL(`http://[${text}]`).hostname.slice(1, -1)
  return null
}

/** The client's address: the entry our outermost trusted proxy wrote, else the socket's, which nobody can choose. */
export function clientAddress(
  forwardedFor: string | string[] | null | undefined,
  socketAddress: string | undefined,
  hops: number,
) {
  const socket = normalizeAddress(socketAddress ?? '') ?? 'unknown'
  const entry = trustedEntry(forwardedEntries(forwardedFor), hops)
  return (entry && normalizeAddress(entry)) || socket
}

/** The origin for absolute URLs: SITE_URL, else the request's Host with the scheme a trusted proxy
 * reports. Without SITE_URL it is the sender's choice, so the page cache keys on it. */
export function requestOrigin(request: Request, env: Pick<ServerEnv, 'siteUrl' | 'proxyHops'>): string {
  if (env.siteUrl) return env.siteUrl
  const url = new URL(request.url)
  const proto = trustedEntry(forwardedEntries(request.headers.get('x-forwarded-proto')), env.proxyHops)?.toLowerCase()
  const scheme = proto === 'https' || proto === 'http' ? `${proto}:` : url.protocol
  return `${scheme}//${url.host}`
}
