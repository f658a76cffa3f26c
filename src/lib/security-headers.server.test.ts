import { describe, expect, it } from 'vitest'
import { nonceStorage } from './csp-nonce.server'
import { securityHeaders } from './security-headers.server'

const html = (headers: Record<string, string> = {}) =>
  new Response('<html></html>', { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('securityHeaders', () => {
  it('gives each request its own nonce, the one its page policy names', async () => {
    const seen: (string | undefined)[] = []
    const answer = async () => {
      seen.push(nonceStorage.getStore())
      return html()
    }
    const a = await securityHeaders(new Request('http://x/'), answer)
    const b = await securityHeaders(new Request('http://x/'), answer)
    expect(seen[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(seen[1]).not.toBe(seen[0])
    expect(a.headers.get('content-security-policy')).toContain(`'nonce-${seen[0]}'`)
    expect(b.headers.get('content-security-policy')).toContain(`'nonce-${seen[1]}'`)
    expect(nonceStorage.getStore()).toBeUndefined()
  })

  it('adds the baseline headers to every response, the policy only to pages', async () => {
    const json = await securityHeaders(new Request('http://x/sitemap.xml'), async () => Response.json({}))
    expect(json.headers.get('x-content-type-options')).toBe('nosniff')
    expect(json.headers.get('x-frame-options')).toBe('DENY')
    expect(json.headers.has('content-security-policy')).toBe(false)
    expect(json.headers.has('cache-control')).toBe(false)
  })

  it('keeps personal responses out of shared caches', async () => {
    for (const [path, response] of [
      ['/admin/messages', html()],
      ['/_serverFn/abc', Response.json({})],
      ['/en', html({ 'set-cookie': 'a=1' })],
    ] as const) {
      const answered = await securityHeaders(new Request(`http://x${path}`), async () => response)
      expect(answered.headers.get('cache-control')).toBe('private, no-store')
    }
  })

  it('copies a response whose headers cannot change (a redirect)', async () => {
    const answered = await securityHeaders(new Request('http://x/admin'), async () => Response.redirect('http://x/admin/login'))
    expect(answered.status).toBe(302)
    expect(answered.headers.get('location')).toBe('http://x/admin/login')
    expect(answered.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
