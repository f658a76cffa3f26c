import { describe, expect, it, vi } from 'vitest'
import { createKeptPageAnswer, handOverKeptPageAnswer, keptPageBeforeRouter } from './kept-page.server'
import type { KeptAnswer } from './page-cache.server'

function setup(kept: boolean) {
  const lines: Record<string, unknown>[] = []
  const logger = { info: (line: Record<string, unknown>) => lines.push(line), debug: vi.fn() }
  const keptAnswer = vi.fn((_request: Request, _pathname: string, nonce: string): KeptAnswer | null =>
    kept
      ? {
          headers: new Map([
            ['content-type', 'text/html; charset=utf-8'],
            ['cache-control', 'no-cache'],
          ]),
          body: Buffer.from(`<script nonce="${nonce}"></script>`),
        }
      : null,
  )
  const answer = createKeptPageAnswer({
    pageCache: { keptAnswer },
    env: () => ({ proxyHops: 0 }),
    logger: () => logger as never,
  })
  return { answer, keptAnswer, lines }
}

describe('createKeptPageAnswer', () => {
  it('answers a kept page with the security headers, a fresh nonce, an id, the locale cookie, and logs it', async () => {
    const { answer, lines } = setup(true)
    const a = answer(new Request('http://x/en'))
    const b = answer(new Request('http://x/en', { headers: { cookie: 'PARAGLIDE_LOCALE=en' } }))
    if (!a || !b) throw new Error('expected answers')
    const nonce = /'nonce-([^']+)'/.exec(a.headers.get('content-security-policy') ?? '')?.[1]
    expect(await a.text()).toBe(`<script nonce="${nonce}"></script>`)
    expect(b.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`)
    expect(a.headers.get('x-frame-options')).toBe('DENY')
    expect(a.headers.get('set-cookie')).toMatch(/^PARAGLIDE_LOCALE=en; Path=\//)
    expect(a.headers.get('cache-control')).toBe('private, no-store')
    expect(b.headers.get('set-cookie')).toBeNull()
    expect(b.headers.get('cache-control')).toBe('no-cache')
    expect(lines.map((line) => [line.path, line.route, line.status, line.reqId])).toEqual([
      ['/en', '/en', 200, a.headers.get('x-request-id')],
      ['/en', '/en', 200, b.headers.get('x-request-id')],
    ])
  })

  it('leaves other methods and pages not kept to the pipeline, without logging them', () => {
    const kept = setup(true)
    expect(kept.answer(new Request('http://x/', { method: 'POST', body: 'a' }))).toBeNull()
    expect(kept.keptAnswer).not.toHaveBeenCalled()
    const missing = setup(false)
    expect(missing.answer(new Request('http://x/'))).toBeNull()
    expect(missing.lines).toEqual([])
  })

  it("reaches the plugin before Nitro's router only once the server entry has handed it over", async () => {
    const request = () => new Request('http://x/en')
    expect(keptPageBeforeRouter(request())).toBeNull()
    const kept = setup(true)
    handOverKeptPageAnswer(kept.answer)
    expect(await keptPageBeforeRouter(request())?.text()).toMatch(/^<script nonce="[^"]+"><\/script>$/)
    handOverKeptPageAnswer(setup(false).answer)
    expect(keptPageBeforeRouter(request())).toBeNull()
    handOverKeptPageAnswer(() => {
      throw new TypeError('Invalid URL')
    })
    expect(keptPageBeforeRouter(request())).toBeNull()
  })
})
