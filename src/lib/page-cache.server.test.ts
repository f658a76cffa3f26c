import { describe, expect, it, vi } from 'vitest'
import { nonceStorage } from './csp-nonce.server'
import { CACHEABLE_PATHS, MAX_ORIGINS, NONCE_PLACEHOLDER, createPageCache } from './page-cache.server'

function htmlPage(nonce: string, extra = ''): Response {
  return new Response(`<html><script nonce="${nonce}">x</script>${extra}</html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
}

describe('createPageCache', () => {
  it('renders a landing page once and gives every response its own nonce', async () => {
    const cache = createPageCache()
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    const a = await cache.handle(new Request('http://x/'), 'AAA', render)
    const b = await cache.handle(new Request('http://x/'), 'BBB', render)
    expect(render).toHaveBeenCalledTimes(1)
    expect(render).toHaveBeenCalledWith(NONCE_PLACEHOLDER)
    expect(await a.text()).toContain('nonce="AAA"')
    const second = await b.text()
    expect(second).toContain('nonce="BBB"')
    expect(second).not.toContain(NONCE_PLACEHOLDER)
  })

  it('renders concurrent first requests only once', async () => {
    const cache = createPageCache()
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    await Promise.all(['1', '2', '3'].map((n) => cache.handle(new Request('http://x/en'), n, render)))
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('does not cache other paths, query strings, errors or responses that set cookies', async () => {
    const cache = createPageCache()
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    await cache.handle(new Request('http://x/admin/login'), 'a', render)
    await cache.handle(new Request('http://x/admin/login'), 'b', render)
    await cache.handle(new Request('http://x/?utm=1'), 'c', render)
    await cache.handle(new Request('http://x/?utm=1'), 'd', render)
    expect(render).toHaveBeenCalledTimes(4)

    const failing = vi.fn(async () => new Response('no', { status: 500, headers: { 'content-type': 'text/html' } }))
    await cache.handle(new Request('http://x/'), 'e', failing)
    const failed = await cache.handle(new Request('http://x/'), 'f', failing)
    expect(failing).toHaveBeenCalledTimes(2)
    expect(failed.status).toBe(500)

    const cookie = vi.fn(async (nonce: string) => {
      const r = htmlPage(nonce)
      r.headers.set('set-cookie', 'a=b')
      return r
    })
    await cache.handle(new Request('http://x/en'), 'g', cookie)
    const res = await cache.handle(new Request('http://x/en'), 'h', cookie)
    expect(cookie).toHaveBeenCalledTimes(2)
    expect(res.headers.get('set-cookie')).toBe('a=b')
    expect(await res.text()).toContain('nonce="h"')
  })

  it('never keeps the empty answer of a HEAD: the next GET renders the whole page and keeps it', async () => {
    const cache = createPageCache()
    // What the framework does: the answer to a HEAD has the page's headers and no body.
    const render = vi.fn(async (nonce: string) => {
      const page = htmlPage(nonce)
      return new Response(null, { status: page.status, headers: page.headers })
    })
    const head = await cache.handle(new Request('http://x/en', { method: 'HEAD' }), 'a', render)
    expect(head.status).toBe(200)
    render.mockImplementation(async (nonce: string) => htmlPage(nonce))
    const get = await cache.handle(new Request('http://x/en'), 'b', render)
    expect(await get.text()).toContain('nonce="b"')
    const again = await cache.handle(new Request('http://x/en'), 'c', render)
    expect(await again.text()).toContain('nonce="c"')
    expect(render).toHaveBeenCalledTimes(2)
  })

  it('renders again after clear() and after the time to live', async () => {
    let time = 0
    const cache = createPageCache({ now: () => time })
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    await cache.handle(new Request('http://x/'), 'a', render)
    cache.clear()
    await cache.handle(new Request('http://x/'), 'b', render)
    time += 61_000
    await cache.handle(new Request('http://x/'), 'c', render)
    expect(render).toHaveBeenCalledTimes(3)
  })
})

describe('pages kept per origin', () => {
  /** A page that names the origin it was rendered for, as the landing head does. */
  const pageFor = (request: Request) => async (nonce: string) =>
    htmlPage(nonce, `<link rel="canonical" href="${new URL(request.url).origin}/">`)
  const visit = async (cache: ReturnType<typeof createPageCache>, url: string) => {
    const request = new Request(url)
    return (await cache.handle(request, 'n', pageFor(request))).text()
  }

  it('never serves a page rendered for a forged Host to another visitor', async () => {
    const cache = createPageCache()
    expect(await visit(cache, 'http://evil.example/en')).toContain('http://evil.example/')
    const normal = await visit(cache, 'http://www.example.com/en')
    expect(normal).toContain('http://www.example.com/')
    expect(normal).not.toContain('evil')
  })

  it('keeps one page per path when the origin does not come from the request (SITE_URL)', async () => {
    const cache = createPageCache({ originOf: () => 'https://www.example.com' })
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    for (const host of ['a.example', 'b.example', 'c.example']) await cache.handle(new Request(`http://${host}/`), 'n', render)
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('keeps at most MAX_ORIGINS origins; past that a page is served but not kept until others expire', async () => {
    let time = 0
    const cache = createPageCache({ now: () => time })
    const render = vi.fn(async (nonce: string) => htmlPage(nonce))
    const hit = (url: string) => cache.handle(new Request(url), 'n', render)
    const kept = Array.from({ length: MAX_ORIGINS }, (_, i) =>
      [...CACHEABLE_PATHS].map((path) => `http://o${i}.example${path}`),
    ).flat()
    for (const url of [...kept, ...kept]) await hit(url)
    expect(render).toHaveBeenCalledTimes(kept.length)
    render.mockClear()
    expect(await (await hit('http://late.example/')).text()).toContain('nonce="n"')
    await hit('http://late.example/')
    expect(render).toHaveBeenCalledTimes(2)
    time += 61_000
    await hit('http://late.example/')
    await hit('http://late.example/')
    expect(render).toHaveBeenCalledTimes(3)
  })
})

describe('compression of cached pages', () => {
  it('sends gzip when accepted, beside br too (spliced, not compressed per response), each with its own nonce', async () => {
    const { gunzipSync } = await import('node:zlib')
    const cache = createPageCache()
    const render = vi.fn(async (nonce: string) => htmlPage(nonce, 'x'.repeat(5000)))
    await cache.handle(new Request('http://x/'), 'first', render)
    const browser = await cache.handle(
      new Request('http://x/', { headers: { 'accept-encoding': 'gzip, deflate, br' } }),
      'BR',
      render,
    )
    expect(browser.headers.get('content-encoding')).toBe('gzip')
    expect(browser.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = Buffer.from(await browser.arrayBuffer())
    expect(browser.headers.get('content-length')).toBe(String(body.length))
    expect(gunzipSync(body).toString()).toContain('nonce="BR"')
    const gz = await cache.handle(new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } }), 'GZ', render)
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('nonce="GZ"')
    for (const accepted of [undefined, 'br', 'gzip;q=0, identity']) {
      const headers: HeadersInit = accepted ? { 'accept-encoding': accepted } : {}
      const plain = await cache.handle(new Request('http://x/', { headers }), 'PLAIN', render)
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(await plain.text()).toContain('nonce="PLAIN"')
    }
  })

  it('compresses the page for the visitor whose request rendered it, too', async () => {
    const { gunzipSync } = await import('node:zlib')
    const cache = createPageCache()
    const render = vi.fn(async (nonce: string) => htmlPage(nonce, 'x'.repeat(5000)))
    // Chrome over plain http offers gzip only; the first visit after a banner change is a miss.
    const first = await cache.handle(new Request('http://x/', { headers: { 'accept-encoding': 'gzip, deflate' } }), 'ONE', render)
    expect(render).toHaveBeenCalledTimes(1)
    expect(first.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toContain('nonce="ONE"')
  })
})

describe('the page cache as a pipeline step', () => {
  it("renders a kept page with the placeholder and answers with the request's nonce", async () => {
    const cache = createPageCache()
    const next = vi.fn(async () => htmlPage(nonceStorage.getStore() ?? 'none', 'hello'))
    const first = await nonceStorage.run('REQ1', () => cache.middleware(new Request('http://x/'), next))
    const second = await nonceStorage.run('REQ2', () => cache.middleware(new Request('http://x/'), next))
    expect(next).toHaveBeenCalledTimes(1)
    expect(await first.text()).toContain('nonce="REQ1"')
    const html = await second.text()
    expect(html).toContain('nonce="REQ2"')
    expect(html).not.toContain(NONCE_PLACEHOLDER)
  })

  it("renders any other page with the request's own nonce", async () => {
    const cache = createPageCache()
    const next = vi.fn(async () => htmlPage(nonceStorage.getStore() ?? 'none', 'admin'))
    const page = await nonceStorage.run('OWN', () => cache.middleware(new Request('http://x/admin/login'), next))
    expect(await page.text()).toContain('nonce="OWN"')
  })

  it('refuses to run without a request nonce (outside securityHeaders)', () => {
    expect(() => createPageCache().middleware(new Request('http://x/'), vi.fn())).toThrow(/nonce/)
  })
})
