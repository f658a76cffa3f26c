/**
 * The kept landing pages' fast path (src/lib/kept-page.server.ts, decision 145) on the production
 * build: a page the cache holds is answered before the request pipeline, and nothing the pipeline
 * gives is lost. The first visit renders through the whole pipeline; the visits after it take the
 * fast path; both are compared header by header.
 */
import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppServer } from './app-server'

const METRICS_TOKEN = 'kept-page-metrics-token-0123456789'
let server: AppServer

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request as a client sends it, with the bytes as they arrive (fetch would decompress them). */
function raw(path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    request(`${server.baseUrl}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

const nonceOf = (r: Raw) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1]
const stampOf = (html: string) => /<input[^>]*name="stamp"[^>]*value="([^"]*)"/.exec(html)?.[1]
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Headers whose values differ per response by design. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'content-security-policy', 'connection', 'keep-alive'])

beforeAll(async () => {
  server = await startAppServer({
    env: { SITE_URL: 'https://www.example.test', COOKIE_SECURE: 'true', METRICS_TOKEN },
  })
  // The form stamp's key comes from the database once the first request asked for it.
  await raw('/healthz')
  await pause(500)
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe('a kept page answered before the pipeline', () => {
  for (const [path, lang, locale] of [
    ['/', 'tr', 'tr'],
    ['/en', 'en', 'en'],
  ] as const) {
    it(`${path}: the same headers as the rendering visit, a fresh nonce and stamp each time, the locale`, async () => {
      const rendered = await raw(path)
      const kept: Raw[] = []
      for (let i = 0; i < 3; i++) {
        await pause(3)
        kept.push(await raw(path))
      }
      for (const answer of [rendered, ...kept]) {
        expect(answer.status).toBe(200)
        const html = answer.body.toString()
        expect(html).toContain(`<html lang="${lang}"`)
        // The policy names the nonce the page's scripts carry, and no other.
        const nonce = nonceOf(answer)
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
        const scriptNonces = new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]))
        expect([...scriptNonces]).toEqual([nonce])
        expect(answer.headers['content-length']).toBe(String(answer.body.length))
        expect(answer.headers['set-cookie']).toEqual([
          `PARAGLIDE_LOCALE=${locale}; Path=/; Max-Age=34560000; SameSite=Lax; Secure`,
        ])
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      }
      // Every header of the rendering visit, with the same value (those made per response aside).
      for (const answer of kept) {
        expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(rendered.headers).sort())
        for (const [name, value] of Object.entries(rendered.headers)) {
          if (!PER_RESPONSE.has(name)) expect(answer.headers[name], name).toEqual(value)
        }
        expect(String(answer.headers['content-security-policy']).replace(nonceOf(answer) ?? '', 'N')).toBe(
          String(rendered.headers['content-security-policy']).replace(nonceOf(rendered) ?? '', 'N'),
        )
      }
      expect(rendered.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      expect(rendered.headers['x-frame-options']).toBe('DENY')
      expect(rendered.headers['cache-control']).toBe('private, no-store')
      const answers = [rendered, ...kept]
      expect(new Set(answers.map(nonceOf)).size).toBe(answers.length)
      expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(answers.length)
      const stamps = kept.map((a) => stampOf(a.body.toString()))
      for (const stamp of stamps) expect(stamp).toMatch(/^[0-9a-z]{8}\.[\w-]{22}$/)
      expect(new Set(stamps).size).toBe(stamps.length)
    })
  }

  it('sends a visitor who already has the locale cookie the page without one, cacheable by the browser', async () => {
    await raw('/en')
    const answer = await raw('/en', { headers: { cookie: 'PARAGLIDE_LOCALE=en' } })
    expect(answer.headers['set-cookie']).toBeUndefined()
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.headers.vary).toMatch(/accept-encoding/)
  })

  it('gzips the page when asked (beside br as browsers ask), with its own nonce and stamp inside', async () => {
    await raw('/')
    const plain = await raw('/')
    const first = await raw('/', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    await pause(3)
    const second = await raw('/', { headers: { 'accept-encoding': 'gzip' } })
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers['content-length']).toBe(String(answer.body.length))
      expect(answer.body.length).toBeLessThan(plain.body.length / 3)
      const html = gunzipSync(answer.body).toString()
      expect(html).toContain(`nonce="${nonceOf(answer)}"`)
      expect(html.length).toBe(plain.body.toString().length)
    }
    expect(stampOf(gunzipSync(first.body).toString())).not.toBe(stampOf(gunzipSync(second.body).toString()))
    const brOnly = await raw('/', { headers: { 'accept-encoding': 'br' } })
    expect(brOnly.headers['content-encoding']).toBeUndefined()
    expect(brOnly.body.toString()).toContain('<html lang="tr"')
  })

  it('answers HEAD with the length of the page and no body, and no cookie', async () => {
    const page = await raw('/en')
    const head = await raw('/en', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(String(page.body.length))
    expect(head.headers['set-cookie']).toBeUndefined()
    expect(nonceOf(head)).toMatch(/==$/)
  })

  it('logs each kept answer with its id and counts it in the request histogram', async () => {
    const metric = async () => {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      const text = await response.text()
      return Number(/http_request_duration_seconds_count\{method="GET",route="\/en",status="200"\} (\d+)/.exec(text)?.[1] ?? 0)
    }
    await raw('/en')
    const before = await metric()
    const answers = [await raw('/en'), await raw('/en')]
    expect(await metric()).toBe(before + 2)
    await expect
      .poll(() => {
        const lines = server.log().split('\n')
        return answers.every((a) =>
          lines.some((line) => line.includes(`"reqId":"${a.headers['x-request-id']}"`) && line.includes('"path":"/en"')),
        )
      })
      .toBe(true)
  })
})

describe('what the fast path leaves to the pipeline', () => {
  it('leaves a Host no URL can hold to the router, which refuses it', async () => {
    await raw('/')
    const answer = await raw('/', { headers: { host: 'x:99999', 'accept-encoding': 'gzip' } })
    expect(answer.status).toBe(400)
    expect(answer.body.toString()).not.toMatch(/at \S+ \(|node:internal|ERR_INVALID_URL/)
    // The page is still answered to everyone else.
    expect((await raw('/')).status).toBe(200)
  })

  it('renders a landing page with a query through the pipeline, with its own nonce and headers', async () => {
    const a = await raw('/?utm_source=test')
    const b = await raw('/?utm_source=test')
    for (const answer of [a, b]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['x-frame-options']).toBe('DENY')
      expect(answer.body.toString()).toContain(`nonce="${nonceOf(answer)}"`)
    }
    expect(nonceOf(a)).not.toBe(nonceOf(b))
  })

  it("compresses other pages with the pipeline's own step and keeps admin pages private", async () => {
    const admin = await raw('/admin/login', { headers: { 'accept-encoding': 'gzip' } })
    expect(admin.status).toBe(200)
    expect(admin.headers['cache-control']).toBe('private, no-store')
    expect(admin.headers['content-encoding']).toBe('gzip')
    // The pipeline's compression streams: no length known in advance.
    expect(admin.headers['transfer-encoding']).toBe('chunked')
    expect(gunzipSync(admin.body).toString()).toContain(`nonce="${nonceOf(admin)}"`)
  })

  it('refuses a cross-site POST to a landing page as before (CSRF protection runs for it)', async () => {
    const post = await raw('/', { method: 'POST', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })
    expect(post.status).toBeGreaterThanOrEqual(400)
  })
})
