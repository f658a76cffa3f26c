/**
 * POST /api/visit: the page-view beacon (docs/decisions/250-cookieless-visit-stats.md). Answers
 * 204 when the beacon was taken (queued: decision 241) or deliberately not counted (Do Not Track,
 * Global Privacy Control, a crawler, a signed-in staff member), 4xx for anything else, 503 when
 * the queue is full; it sets no cookie and never answers 500 for what a sender can put in a request.
 */
import * as v from 'valibot'
import type { Backend } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import {
  COUNTED_PATHS,
  BeaconSchema,
  deviceOf,
  isCrawler,
  localeOfPath,
  NO_UTM,
  referrerHostOf,
  sectionOf,
  utmOf,
} from './visit-rules'

/** The language cookie is the only one a visitor has; any other may be a session's. */
const VISITOR_COOKIES = new Set(['PARAGLIDE_LOCALE'])

export interface BeaconDeps {
  backend: () => Promise<Pick<Backend, 'visits' | 'auth'>>
  /** The caller's address as the app's limits see it (TRUST_PROXY). */
  clientIp: (request: Request) => string
  /** The site's public origin (SITE_URL, or the Host as configured). */
  origin: (request: Request) => string
  /** Seconds to wait when the address (its salted key) is over LIMITS.rate.visitPerIp, else 0 after counting. */
  hitLimit: (addressKey: string) => Promise<number>
  onError: (error: unknown) => void
}

const NO_STORE = { 'cache-control': 'no-store' }
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { ...NO_STORE, ...headers } })

function cookieNames(request: Request): string[] {
  const header = request.headers.get('cookie')
  if (!header) return []
  return header.split(';').flatMap((part) => part.split('=')[0]?.trim() || [])
}

/** The request's body as text, at most the beacon's limit of bytes; null when longer. */
async function readBody(request: Request): Promise<string | null> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > LIMITS.visits.beaconMaxBytes) return null
  // text(), not arrayBuffer(): the server's request reads it from the socket without building a
  // web stream (most of a beacon's cost otherwise). Undecodable bytes become U+FFFD.
  const text = await request.text()
  return Buffer.byteLength(text) > LIMITS.visits.beaconMaxBytes ? null : text
}

/** Start's CSRF check as src/start.ts configures it (decision 080), for the beacon answered before Start. */
function fromThisSite(request: Request, origin: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site !== null) return site === 'same-origin'
  const from = request.headers.get('origin')
  if (from !== null) return from === origin
  const referer = request.headers.get('referer')
  if (referer === null || !URL.canParse(referer)) return false
  return new URL(referer).origin === origin
}

export async function handleVisitBeacon(request: Request, deps: BeaconDeps): Promise<Response> {
  try {
    const origin = deps.origin(request)
    if (!fromThisSite(request, origin)) return answer(403)
    if (request.headers.get('dnt') === '1' || request.headers.get('sec-gpc') === '1') return answer(204)
    const userAgent = request.headers.get('user-agent') ?? ''
    if (isCrawler(userAgent)) return answer(204)
    let text: string | null
    try {
      text = await readBody(request)
    } catch {
      return answer(400)
    }
    if (text === null) return answer(413, { connection: 'close' })
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return answer(400)
    }
    const parsed = v.safeParse(BeaconSchema, json)
    if (!parsed.success) return answer(400)
    const beacon = parsed.output
    if (beacon.t === 'v' && !COUNTED_PATHS.has(beacon.p)) return answer(400)

    const ip = deps.clientIp(request)
    const backend = await deps.backend()
    const wait = await deps.hitLimit(await backend.visits.addressKey(ip))
    if (wait > 0) return answer(429, { 'retry-after': String(wait) })

    if (cookieNames(request).some((name) => !VISITOR_COOKIES.has(name))) {
      const user = await backend.auth.getUser({ cookies: { getAll: () => readCookies(request), set: () => {} } })
      if (user) return answer(204)
    }
    if (beacon.t === 'l') {
      await backend.visits.leave(beacon.id, beacon.s)
      return answer(204)
    }
    const queued = await backend.visits.enqueue(
      {
        id: beacon.id,
        path: beacon.p,
        section: sectionOf(beacon.h),
        locale: localeOfPath(beacon.p),
        referrerHost: referrerHostOf(beacon.r, new URL(origin).hostname),
        utm: beacon.q ? utmOf(beacon.q) : NO_UTM,
        device: deviceOf(beacon.w),
      },
      { site: origin, ip, userAgent },
    )
    // A full queue (the database is behind): the view was not taken, and the answer says so.
    return queued ? answer(204) : answer(503, { 'retry-after': '60' })
  } catch (error) {
    deps.onError(error)
    return answer(503, { 'retry-after': '60' })
  }
}

function readCookies(request: Request): { name: string; value: string }[] {
  return (request.headers.get('cookie') ?? '').split(';').flatMap((part) => {
    const at = part.indexOf('=')
    if (at <= 0) return []
    const name = part.slice(0, at).trim()
    let value = part.slice(at + 1).trim()
    try {
      value = decodeURIComponent(value)
    } catch {}
    return [{ name, value }]
  })
}
