/**
 * The built server under load (autocannon): 50 connections for 20 s on `/` and `/en` answer
 * without an error; contact submissions under load lose nothing, and one address's flood is cut
 * at the rate limit with quick 429s that store nothing. Figures are printed, not compared with a
 * baseline: the machine is shared, so only generous bounds are asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { LIMITS } from '~/lib/limits'
import { type AppServer, startAppServer } from './app-server'
import { addressPool } from './arbitraries'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

// --- autocannon, typed as far as this file uses it (the package ships no types) -------------

type Context = Record<string, unknown>
interface LoadRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: LoadRequest, context: Context) => LoadRequest
  onResponse?: (status: number, body: string, context: Context) => void
}
interface LoadResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}
type Autocannon = (options: {
  url: string
  connections: number
  duration?: number
  amount?: number
  timeout?: number
  requests: LoadRequest[]
}) => Promise<LoadResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const CONNECTIONS = 50
const MARKER = `load-${Date.now().toString(36)}`
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-load-'))
const nextIp = addressPool(202)
let server: AppServer
let submitPath = ''
/** The burst's submissions that were answered 200, checked against the database at the end. */
let burstAcknowledged: string[] = []

beforeAll(async () => {
  const fn = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find((f) => f.name === 'submitContactMessage')
  if (!fn) throw new Error('submitContactMessage is not in the production build')
  submitPath = `/_serverFn/${fn.id}`
  server = await startAppServer({ dataDir })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const count = (result: LoadResult, status: number) => result.statusCodeStats[String(status)]?.count ?? 0

/** A submission as the browser's client encodes it; `marker` identifies it in the database. */
async function submissionBody(marker: string): Promise<string> {
  const data = { name: 'Load Test', email: 'load@example.com', message: `${marker}: a message sent under load.` }
  return JSON.stringify(await toJSONAsync({ data }))
}

function submissionHeaders(ip: string): Record<string, string> {
  return {
    'x-tsr-serverfn': 'true',
    'sec-fetch-site': 'same-origin',
    origin: server.baseUrl,
    'content-type': 'application/json',
    'x-forwarded-for': ip,
    cookie: 'PARAGLIDE_LOCALE=en',
  }
}

describe('under load', () => {
  it('serves / and /en to 50 connections for 20 s without an error', async () => {
    // Each connection alternates between the two pages.
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: 20,
      requests: [{ path: '/' }, { path: '/en' }],
    })
    console.info(
      `/ and /en, ${CONNECTIONS} connections, 20 s: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    )
    expect(result.requests.total).toBeGreaterThan(0)
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    })
  }, 60_000)

  it('cuts one address off at the rate limit, with quick 429s', async () => {
    const amount = 200
    const body = await submissionBody(`${MARKER}-one`)
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount,
      requests: [{ method: 'POST', path: submitPath, headers: submissionHeaders('10.202.255.1'), body }],
    })
    const { max } = LIMITS.rate.contactPerIp
    console.info(
      `${amount} submissions from one address, ${CONNECTIONS} at once: ${count(result, 200)}×200, ${count(result, 429)}×429, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    )
    expect(result.errors + result.timeouts).toBe(0)
    expect(count(result, 200)).toBe(max)
    expect(count(result, 429)).toBe(amount - max)
    // A refusal is one rate-limit lookup, yet 50 of them queue for one embedded database. The
    // median holds whatever else the machine runs; the tail is the first wave's, and grows with
    // the machine's load (past 1.5 s beside two busy cores), so it is printed, not asserted.
    expect(result.latency.p50).toBeLessThan(1_000)
  }, 60_000)

  it('stores every acknowledged submission of a burst from many addresses', async () => {
    const amount = 300
    const bodies = await Promise.all(Array.from({ length: amount }, (_, n) => submissionBody(`${MARKER}-many-${n}`)))
    const acknowledged: string[] = []
    let next = 0
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount,
      // What this test proves is that nothing acknowledged is lost; on a busy 2-core machine a
      // submission queued behind 49 others (each one transaction on one embedded database, plus
      // its notification) has waited past autocannon's default 10 s. Latency is printed above.
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: submitPath,
          // One request at a time per connection, so the context names the request answered.
          setupRequest: (request, context) => {
            const n = next++ % amount
            context.marker = `${MARKER}-many-${n}`
            return { ...request, headers: submissionHeaders(nextIp()), body: bodies[n] }
          },
          onResponse: (status, _body, context) => {
            if (status === 200) acknowledged.push(String(context.marker))
          },
        },
      ],
    })
    console.info(
      `${amount} submissions from ${amount} addresses, ${CONNECTIONS} at once: ${acknowledged.length} acknowledged, ` +
        `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
    )
    expect(result.errors + result.timeouts + result.non2xx).toBe(0)
    expect(acknowledged).toHaveLength(amount)
    burstAcknowledged = acknowledged
  }, 120_000)
})

describe('what was stored', () => {
  it('holds every acknowledged submission once, and from the flooding address only up to the limit', async () => {
    await server.stop()
    const stored = await storedMarkers()
    const missing = burstAcknowledged.filter((marker) => stored.get(marker) !== 1)
    console.info(
      `after the server stopped: ${stored.size} markers stored, ${missing.length} acknowledged ones missing or doubled`,
    )
    expect(missing).toEqual([])
    expect(stored.get(`${MARKER}-one`)).toBe(LIMITS.rate.contactPerIp.max)
    // Nothing else: the burst's messages and the flood's one marker.
    expect(stored.size).toBe(burstAcknowledged.length + 1)
  })
})

async function storedMarkers(): Promise<Map<string, number>> {
  const { db, backend } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
  try {
    const { rows } = await db.query<{ marker: string; n: number }>(
      `select split_part(message, ':', 1) as marker, count(*)::int as n from public.contact_messages
        where message like $1 group by 1`,
      [`${MARKER}-%`],
    )
    return new Map(rows.map((row) => [row.marker, row.n]))
  } finally {
    await backend.close()
  }
}
