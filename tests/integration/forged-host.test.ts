/**
 * The landing-page cache cannot be poisoned (decision 080): a request with a forged Host,
 * X-Forwarded-Host or X-Forwarded-Proto is answered first, so its page is what the cache holds, and
 * the next ordinary visitor's page must still name only the real origin, with and without SITE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppServer } from './app-server'
import { rawRequest } from './forwarding-proxy'

const FORGED = 'forged-host.example'

/** The absolute URLs a landing page names for itself. */
function namedUrls(html: string) {
  const attr = (pattern: RegExp) => html.match(pattern)?.[1]
  return {
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    hreflang: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/gi)].map((m) => `${m[1]} ${m[2]}`),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
  }
}

const expected = (origin: string) => ({
  canonical: `${origin}/en`,
  hreflang: [`tr ${origin}/`, `en ${origin}/en`, `x-default ${origin}/`],
  ogUrl: `${origin}/en`,
  ogImage: `${origin}/og-image-en.png`,
})

describe.each([
  { label: 'without SITE_URL', siteUrl: '' },
  { label: 'with SITE_URL', siteUrl: 'https://www.pusula.example' },
])('a forged Host never reaches another visitor ($label)', ({ siteUrl }) => {
  let server: AppServer
  // TRUST_PROXY=true: this test's requests stand for the proxy's, so X-Forwarded-Proto is believed
  // for the sender's own page, and must still not reach anyone else's.
  beforeAll(async () => {
    server = await startAppServer({ env: { SITE_URL: siteUrl, TRUST_PROXY: 'true' } })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('serves the next ordinary visitor a page that names only the real origin', async () => {
    const page = `${server.baseUrl}/en`
    const forgeries: Record<string, string>[] = [
      { host: FORGED },
      { host: `${FORGED}:8443`, 'x-forwarded-proto': 'https' },
      { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' },
      { 'x-forwarded-host': FORGED, forwarded: `host=${FORGED};proto=https` },
    ]
    for (const headers of forgeries) {
      const forged = await rawRequest(page, { headers })
      expect(forged.status).toBe(200)
      // With SITE_URL even the sender's own page ignores what it forged.
      if (siteUrl) expect(forged.body).not.toContain(FORGED)
    }
    const normal = await fetch(page)
    expect(normal.status).toBe(200)
    const html = await normal.text()
    expect(html).not.toContain(FORGED)
    expect(html).not.toContain('https://127.0.0.1')
    expect(namedUrls(html)).toEqual(expected(siteUrl || server.baseUrl))
  })

  it('says at start-up, in production, when SITE_URL is missing', () => {
    expect(server.log().includes('SITE_URL is not set')).toBe(!siteUrl)
  })
})
