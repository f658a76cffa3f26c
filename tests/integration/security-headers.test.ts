/**
 * Security headers of the production build, scored with the MDN HTTP Observatory's rules
 * (tests/integration/observatory.ts): A+ as deployed (https via SITE_URL: Secure __Host- cookies,
 * HSTS), and every response — pages, errors, assets, server functions — carries the headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, callServerFn, cookiesFrom, latestCode, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { scan, scoreCookies, scoreCsp, scoreHsts } from './observatory'
import { findBuiltServerFns } from './server-functions'

const ADMIN = 'admin@example.com'
let server: AppServer
let sessionCookies: string[] = []

function fnId(name: string): string {
  const fn = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find((f) => f.name === name && f.file.includes('/features/auth/'))
  if (!fn) throw new Error(`${name} is not in the production build`)
  return fn.id
}

beforeAll(async () => {
  server = await startAppServer({ env: { SITE_URL: 'https://www.example.test', COOKIE_SECURE: 'true' } })
  const sent = await callServerFn(server, fnId('sendLoginCode'), { method: 'POST', data: { email: ADMIN } })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const code = latestCode(server.dataDir, ADMIN)
  const verified = await callServerFn(server, fnId('verifyLoginCode'), {
    method: 'POST',
    data: { email: ADMIN, code },
    cookie: cookiesFrom(sent),
  })
  expect(verified.status, await verified.clone().text()).toBe(200)
  sessionCookies = verified.headers.getSetCookie().filter((line) => !/=;|max-age=0/i.test(line))
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe('as deployed behind TLS', () => {
  for (const path of ['/', '/en', '/admin/login']) {
    it(`scores A+ on ${path}`, async () => {
      const response = await fetch(`${server.baseUrl}${path}`)
      const html = await response.text()
      const result = scan({ headers: response.headers, sessionCookies, html, https: true })
      expect(result.results.filter((r) => r.modifier < 0)).toEqual([])
      expect(result.grade, JSON.stringify(result.results, null, 2)).toBe('A+')
      expect(result.score).toBeGreaterThanOrEqual(100)
    })
  }

  it('names the session cookie __Host- and marks it Secure, HttpOnly, SameSite=Lax, Path=/', () => {
    expect(sessionCookies.length).toBeGreaterThan(0)
    for (const line of sessionCookies) {
      expect(line).toMatch(/^__Host-/)
      expect(line).toMatch(/;\s*Secure/i)
      expect(line).toMatch(/;\s*HttpOnly/i)
      expect(line).toMatch(/;\s*SameSite=Lax/i)
      expect(line).toMatch(/;\s*Path=\//i)
      expect(line).not.toMatch(/;\s*Domain=/i)
    }
  })

  it('gives each response its own script nonce, also on cached pages', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await fetch(`${server.baseUrl}/`)
        const csp = response.headers.get('content-security-policy') ?? ''
        const html = await response.text()
        const nonce = csp.match(/'nonce-([^']+)'/)?.[1] ?? ''
        expect(nonce).not.toBe('')
        // Every script the page carries uses this response's nonce.
        for (const m of html.matchAll(/<script\b[^>]*>/g)) expect(m[0]).toContain(`nonce="${nonce}"`)
        return nonce
      }),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('puts the headers on every kind of response', async () => {
    const fromPage = await fetch(`${server.baseUrl}/`).then((r) => r.text())
    const asset = fromPage.match(/\/assets\/[^"]+\.js/)?.[0]
    expect(asset).toBeTruthy()
    const responses = await Promise.all([
      fetch(`${server.baseUrl}/no-such-page`),
      fetch(`${server.baseUrl}${asset}`),
      fetch(`${server.baseUrl}/favicon.svg`),
      callServerFn(server, fnId('getAdminSession'), { method: 'GET' }),
    ])
    for (const response of responses) {
      const h = response.headers
      expect(h.get('x-content-type-options')).toBe('nosniff')
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(h.get('strict-transport-security')).toMatch(/max-age=31536000/)
      expect(h.get('permissions-policy')).toMatch(/camera=\(\)/)
    }
    expect(responses[0]!.status).toBe(404)
    expect(responses[0]!.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(responses[3]!.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('the scoring rules themselves', () => {
  it('penalise what the Observatory penalises', () => {
    expect(scoreCsp(null).modifier).toBe(-25)
    expect(scoreCsp("script-src 'self' 'unsafe-inline'").modifier).toBe(-20)
    expect(scoreCookies(['session=x; Path=/; HttpOnly'], true).modifier).toBeLessThan(0)
    expect(scoreHsts(null, true).modifier).toBe(-20)
    expect(scoreHsts('max-age=300', true).modifier).toBe(-10)
    const bare = scan({ headers: new Headers(), sessionCookies: [], html: '', https: true })
    expect(bare.grade).not.toBe('A+')
  })
})
