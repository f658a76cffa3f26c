/**
 * The rules a page view is recorded by, the same for the beacon and the contact form's source:
 * which pages count, the visitor's device class, the referrer's host, the UTM values, crawlers.
 * No server-only import: the tests and the form may use them.
 */
import * as v from 'valibot'
import { DEVICES, type Device, type Utm, UTM_KEYS } from '~/domain/visits'
import { LEGAL_PAGES } from '~/lib/legal-pages'
import { LIMITS } from '~/lib/limits'

/** The public pages that are counted; any other path a beacon names is refused. */
export const COUNTED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/en',
  ...Object.values(LEGAL_PAGES).flatMap((page) => [page.tr, page.en]),
])

export const localeOfPath = (path: string): 'tr' | 'en' => (path === '/en' || path.startsWith('/en/') ? 'en' : 'tr')

export function deviceOf(screenWidth: number): Device {
  if (screenWidth <= LIMITS.visits.phoneMaxWidth) return 'phone'
  if (screenWidth <= LIMITS.visits.tabletMaxWidth) return 'tablet'
  return 'desktop'
}

export const isDevice = (value: string): value is Device => (DEVICES as readonly string[]).includes(value)

const HOST = /^[a-z0-9.-]{1,253}$/

/** The referrer's host in lower case; '' for none, for this site itself and for what is not a web address. */
export function referrerHostOf(referrer: string, ownHost: string): string {
  if (!referrer) return ''
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return ''
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ''
  const host = url.hostname.toLowerCase()
  if (!HOST.test(host) || host === ownHost.toLowerCase()) return ''
  return host
}

/** Printable text only, trimmed and cut to the column's length. */
function cleanValue(value: string | null): string {
  if (!value) return ''
  let clean = ''
  for (const char of value) {
    const code = char.codePointAt(0)!
    if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) continue
    clean += char
  }
  return [...clean.trim()].slice(0, LIMITS.visits.utmMax).join('').trim()
}

/** The `utm_*` values of a query string (`?utm_source=…`), '' where absent. */
export function utmOf(search: string): Utm {
  let params: URLSearchParams
  try {
    params = new URLSearchParams(search.slice(0, 4096))
  } catch {
    params = new URLSearchParams()
  }
  return Object.fromEntries(UTM_KEYS.map((key) => [key, cleanValue(params.get(`utm_${key}`))])) as Utm
}

export const NO_UTM: Utm = { source: '', medium: '', campaign: '', term: '', content: '' }

/** Robots, crawlers, link previews, uptime checks, headless and audit browsers: not readers. */
const CRAWLER =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|curl|wget|python|java\/|go-http|node-fetch|axios|okhttp|httpclient|monitor|uptime|scan|phantom|selenium|puppeteer|playwright/i

export function isCrawler(userAgent: string): boolean {
  return userAgent.trim().length < 10 || CRAWLER.test(userAgent)
}

/** A section anchor as the landing page writes its ids. */
const SECTION = /^[a-z0-9-]{1,40}$/

export const sectionOf = (hash: string): string => {
  const id = hash.startsWith('#') ? hash.slice(1) : hash
  return SECTION.test(id) ? id : ''
}

const ViewId = v.pipe(v.string(), v.uuid())

/** The two beacons: `v` a page view, `l` the reader leaving it (seconds on the page). */
export const BeaconSchema = v.variant('t', [
  v.strictObject({
    t: v.literal('v'),
    id: ViewId,
    /** location.pathname */
    p: v.pipe(v.string(), v.maxLength(100)),
    /** location.hash */
    h: v.pipe(v.string(), v.maxLength(200)),
    /** document.referrer, on the first view of a page load only */
    r: v.pipe(v.string(), v.maxLength(2048)),
    /** location.search */
    q: v.pipe(v.string(), v.maxLength(2048)),
    /** screen.width */
    w: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
  }),
  v.strictObject({
    t: v.literal('l'),
    id: ViewId,
    s: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000)),
  }),
])
export type Beacon = v.InferOutput<typeof BeaconSchema>
