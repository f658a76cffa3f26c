/**
 * The page-view beacon's handler on a real embedded backend: what a reader's beacon stores, what
 * is not counted (crawlers, Do Not Track, GPC, signed-in staff), and junk of every kind answered
 * 204 or 4xx with nothing wrongly stored (decision 250).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readOutbox, SEED_ADMIN_EMAIL } from '~/backend/embedded/open-embedded.server'
import { type BeaconDeps, handleVisitBeacon } from '~/features/visits/visit-beacon.server'
import { LIMITS } from '~/lib/limits'
import { contextFor, createMemoryCookieJar } from './backend.contract'
import { openTestBackend, type TestBackend } from './embedded-harness'

const ORIGIN = 'https://www.pusuladijital.com.tr'
const READER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1'

let test: TestBackend
let hits = 0
let limitWait = 0
const keys: string[] = []
const errors: unknown[] = []
const deps = (): BeaconDeps => ({
  backend: async () => test.backend,
  clientIp: () => '198.51.100.20',
  origin: () => ORIGIN,
  hitLimit: async (key) => {
    hits++
    keys.push(key)
    return limitWait
  },
  onError: (error) => errors.push(error),
})

function post(body: BodyInit | null, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/visit`, {
    method: 'POST',
    body,
    // What a browser's sendBeacon to its own site carries (the beacon checks CSRF itself).
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': READER_UA, 'sec-fetch-site': 'same-origin', ...headers },
  })
  return handleVisitBeacon(request, deps())
}

const viewBeacon = (over: Record<string, unknown> = {}) => ({
  t: 'v',
  id: randomUUID(),
  p: '/',
  h: '#contact',
  r: 'https://www.google.com/search?q=pusula',
  q: '?utm_source=newsletter&utm_medium=email&utm_campaign=kis-2026&utm_term=dijital&utm_content=alt',
  w: 390,
  ...over,
})

async function storedViews() {
  // The beacon's view waits in the queue until its batch is stored (decision 241).
  await test.backend.visits.flush()
  const { rows } = await test.db.query<Record<string, unknown>>(
    `select path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, seconds
     from public.page_views order by at`,
  )
  return rows
}

beforeAll(async () => {
  test = await openTestBackend()
})
afterAll(() => test?.dispose())
beforeEach(async () => {
  await test.db.query('delete from public.page_views')
  hits = 0
  limitWait = 0
  errors.length = 0
})

describe('the visit beacon', () => {
  it('stores a reader’s view with its section, referrer host, campaign and device, then its time on page', async () => {
    const beacon = viewBeacon()
    const response = await post(JSON.stringify(beacon))
    expect(response.status).toBe(204)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await storedViews()).toEqual([
      {
        path: '/',
        section: 'contact',
        locale: 'tr',
        referrer_host: 'www.google.com',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'kis-2026',
        utm_term: 'dijital',
        utm_content: 'alt',
        device: 'phone',
        seconds: null,
      },
    ])
    expect((await post(JSON.stringify({ t: 'l', id: beacon.id, s: 42 }))).status).toBe(204)
    expect((await storedViews())[0]).toMatchObject({ seconds: 42 })
    // The limit counts the address under a salted hash, the same for both beacons: never the address.
    expect(keys.at(-1)).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(keys.slice(-2)).size).toBe(1)
    expect(keys.join()).not.toContain('198.51.100.20')
  })

  it('counts the English page as English and this site as no referrer', async () => {
    await post(JSON.stringify(viewBeacon({ p: '/en/privacy', h: '', r: `${ORIGIN}/en`, q: '', w: 1440 })))
    expect(await storedViews()).toEqual([
      expect.objectContaining({ path: '/en/privacy', locale: 'en', referrer_host: '', utm_source: '', device: 'desktop' }),
    ])
  })

  it('does not count crawlers, Do Not Track, Global Privacy Control or a signed-in staff member', async () => {
    const body = () => JSON.stringify(viewBeacon())
    expect(
      (await post(body(), { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status,
    ).toBe(204)
    expect((await post(body(), { 'user-agent': '' })).status).toBe(204)
    expect((await post(body(), { dnt: '1' })).status).toBe(204)
    expect((await post(body(), { 'sec-gpc': '1' })).status).toBe(204)

    const jar = createMemoryCookieJar()
    await test.backend.auth.sendCode(SEED_ADMIN_EMAIL)
    const mail = (await readOutbox(test.dataDir)).filter((m) => m.to === SEED_ADMIN_EMAIL).at(-1)
    const code = mail?.text.match(/\b\d{6}\b/)?.[0] ?? ''
    expect(await test.backend.auth.verifyCode(contextFor(jar), SEED_ADMIN_EMAIL, code)).toMatchObject({ ok: true })
    const cookie = jar
      .getAll()
      .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
      .join('; ')
    const staff = await post(body(), { cookie: `PARAGLIDE_LOCALE=tr; ${cookie}` })
    expect(staff.status).toBe(204)
    expect(staff.headers.get('set-cookie')).toBeNull()
    expect(await storedViews()).toEqual([])

    // A stale or forged session cookie is a reader like any other.
    expect((await post(body(), { cookie: 'sb-access-token=forged; pusula_session=nothing' })).status).toBe(204)
    expect(await storedViews()).toHaveLength(1)
  })

  it('answers junk with a 4xx and stores nothing', async () => {
    const junk: [string, BodyInit | null][] = [
      ['no body', null],
      ['random bytes', randomBytes(1500)],
      ['not JSON', 'hello'],
      ['an array', '[1,2,3]'],
      ['null', 'null'],
      ['a string id', JSON.stringify(viewBeacon({ id: 'not-a-uuid' }))],
      ['a numeric path', JSON.stringify(viewBeacon({ p: 42 }))],
      ['a width as text', JSON.stringify(viewBeacon({ w: '390' }))],
      ['a fractional width', JSON.stringify(viewBeacon({ w: 390.5 }))],
      ['a negative time', JSON.stringify({ t: 'l', id: randomUUID(), s: -1 })],
      ['an unknown kind', JSON.stringify({ t: 'x', id: randomUUID() })],
      ['an extra field', JSON.stringify(viewBeacon({ ip: '1.2.3.4' }))],
      ['a prototype key', '{"t":"v","__proto__":{"admin":true}}'],
      ['a path not on the site', JSON.stringify(viewBeacon({ p: '/admin/messages' }))],
      ['a long path', JSON.stringify(viewBeacon({ p: `/${'a'.repeat(500)}` }))],
      ['a huge body', JSON.stringify(viewBeacon({ r: 'x'.repeat(LIMITS.visits.beaconMaxBytes) }))],
    ]
    for (const [name, body] of junk) {
      const response = await post(body)
      expect([name, response.status >= 400 && response.status < 500]).toEqual([name, true])
    }
    expect(await storedViews()).toEqual([])
    expect(errors).toEqual([])
  })

  it('refuses a beacon from another site, or one that says nothing of where it comes from', async () => {
    const body = () => JSON.stringify(viewBeacon())
    expect((await post(body(), { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const bare = new Request(`${ORIGIN}/api/visit`, { method: 'POST', body: body(), headers: { 'user-agent': READER_UA } })
    expect((await handleVisitBeacon(bare, deps())).status).toBe(403)
    const forged = new Request(`${ORIGIN}/api/visit`, {
      method: 'POST',
      body: body(),
      headers: { 'user-agent': READER_UA, origin: 'https://evil.example', referer: `${ORIGIN}/` },
    })
    expect((await handleVisitBeacon(forged, deps())).status).toBe(403)
    const sameOrigin = new Request(`${ORIGIN}/api/visit`, {
      method: 'POST',
      body: body(),
      headers: { 'user-agent': READER_UA, origin: ORIGIN },
    })
    expect((await handleVisitBeacon(sameOrigin, deps())).status).toBe(204)
    expect(await storedViews()).toHaveLength(1)
  })

  it('refuses a million paths without counting one', async () => {
    // The paths are checked before the rate limit and the database: none of them costs a query.
    for (let i = 0; i < 2000; i++) {
      const response = await post(JSON.stringify(viewBeacon({ p: `/${randomBytes(6).toString('hex')}` })))
      expect(response.status).toBe(400)
    }
    expect(hits).toBe(0)
    expect(await storedViews()).toEqual([])
  })

  it('keeps hostile values within bounds: a referrer that is not a web address, control characters, long tags', async () => {
    await post(
      JSON.stringify(
        viewBeacon({ r: 'javascript:alert(1)', h: '#<script>', q: `?utm_source=a%00b%0Ac&utm_campaign=${'k'.repeat(300)}` }),
      ),
    )
    const [row] = await storedViews()
    expect(row).toMatchObject({ referrer_host: '', section: '', utm_source: 'abc' })
    expect(String(row?.utm_campaign)).toHaveLength(LIMITS.visits.utmMax)
  })

  it('answers 429 past the address’s limit, storing nothing', async () => {
    limitWait = 30
    const response = await post(JSON.stringify(viewBeacon()))
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('30')
    expect(await storedViews()).toEqual([])
  })
})
