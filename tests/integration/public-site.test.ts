/**
 * The public site's server side over real HTTP against the production build (docs/product.md#landing-page): the
 * contact server function stores what it accepts (checked afterwards in the database the server
 * used), refuses invalid input with field messages, drops honeypot hits and rate-limits per
 * address; the live-banner stream, robots.txt, sitemap.xml and the server-rendered banner.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import type { ContactMessage } from '~/domain/messages'
import { LIMITS } from '~/lib/limits'
import { type AppServer, callServerFn, serializedContent, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

const MARKER = 'integration-contact-7c1e'
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-public-'))
let server: AppServer
let submitId = ''

const submit = (data: unknown, ip: string, headers: Record<string, string> = {}) =>
  callServerFn(server, submitId, { method: 'POST', data, ip, headers })

beforeAll(async () => {
  const fn = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find(
    (f) => f.name === 'submitContactMessage' && f.file.endsWith('contact.functions.ts'),
  )
  if (!fn) throw new Error('submitContactMessage is not in the production build')
  submitId = fn.id
  server = await startAppServer({ dataDir })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('contact submissions', () => {
  it('accepts a valid message', async () => {
    const response = await submit(
      { name: '  Deniz Kaya ', email: ' deniz@example.com ', message: `  ${MARKER}: ERP seçimi hakkında görüşmek isteriz. ` },
      '198.51.100.7',
    )
    expect(response.status, await response.clone().text()).toBe(200)
  })

  it('refuses invalid input with a 400 and a message per field, in the cookie language', async () => {
    const response = await submit({ name: 'D', email: 'nope', message: 'short' }, '198.51.100.8', {
      cookie: 'PARAGLIDE_LOCALE=en',
    })
    expect(response.status).toBe(400)
    const { strings } = serializedContent(await response.text())
    expect(strings).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Please enter a valid email',
        'Message must be at least 10 characters',
      ]),
    )
  })

  it('answers a filled honeypot like a success', async () => {
    const response = await submit(
      { name: 'Bot', email: 'bot@example.com', message: `${MARKER} honeypot spam text`, website: 'x' },
      '198.51.100.9',
    )
    expect(response.status).toBe(200)
  })

  it('limits each address, with Retry-After and a localized message', async () => {
    const ip = '198.51.100.10'
    const valid = { name: 'Ece Demir', email: 'ece@example.com', message: 'Bir teklif almak istiyoruz, teşekkürler.' }
    for (let i = 0; i < LIMITS.rate.contactPerIp.max; i++) expect((await submit(valid, ip)).status).toBe(200)
    const limited = await submit(valid, ip, { cookie: 'PARAGLIDE_LOCALE=tr' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(serializedContent(await limited.text()).strings).toContain(
      'Kısa sürede çok sayıda mesaj gönderdiniz. Lütfen daha sonra tekrar deneyin.',
    )
    expect((await submit(valid, '198.51.100.11')).status).toBe(200)
  })
})

describe('public endpoints', () => {
  it('renders the default banner of each language on the server', async () => {
    for (const [path, src] of [
      ['/', '/uploads/hero-tr.png'],
      ['/en', '/uploads/hero-en.png'],
    ]) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text()
      expect(html.match(/<img[^>]*data-testid="hero-image"[^>]*>/)?.[0]).toContain(`src="${src}"`)
    }
  })

  it('streams banner events for a valid key only', async () => {
    expect((await fetch(`${server.baseUrl}/api/banner-events?key=fr-banner`)).status).toBe(400)
    const abort = new AbortController()
    const response = await fetch(`${server.baseUrl}/api/banner-events?key=en-banner`, { signal: abort.signal })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.getReader()
    let text = ''
    while (!text.includes('event: snapshot')) text += new TextDecoder().decode((await reader.read()).value)
    expect(text).toContain('"key":"en-banner"')
    abort.abort()
  })

  it('serves robots.txt and a sitemap with both languages', async () => {
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text()
    expect(robots).toContain('Disallow: /admin')
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`)
    expect(sitemap.headers.get('content-type')).toContain('xml')
    expect(await sitemap.text()).toContain(`<loc>${server.baseUrl}/en</loc>`)
  })
})

describe('what was stored', () => {
  it('holds the accepted messages, trimmed, as new, with the sender address; nothing from the honeypot', async () => {
    await server.stop()
    const { backend } = await openEmbedded({ dataDir, secureCookies: false, logEmails: false })
    try {
      const page = await backend.messages.list({ status: 'all', search: MARKER, page: 1, pageSize: 50 })
      expect(page.items.map((m: ContactMessage) => [m.name, m.email, m.message, m.status, m.ipAddress])).toEqual([
        ['Deniz Kaya', 'deniz@example.com', `${MARKER}: ERP seçimi hakkında görüşmek isteriz.`, 'new', '198.51.100.7'],
      ])
      const limited = await backend.messages.list({ status: 'new', search: 'ece@example.com', page: 1, pageSize: 50 })
      expect(limited.total).toBe(LIMITS.rate.contactPerIp.max + 1)
    } finally {
      await backend.close()
    }
  })
})
