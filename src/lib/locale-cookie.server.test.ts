import { describe, expect, it } from 'vitest'
import { pageLocaleCookie, rememberPageLocale } from './locale-cookie.server'

const page = () => new Response('<html></html>', { headers: { 'content-type': 'text/html; charset=utf-8' } })
const get = (path: string, cookie?: string) =>
  new Request(`http://127.0.0.1${path}`, cookie ? { headers: { cookie } } : undefined)

describe('rememberPageLocale', () => {
  it("sets the language cookie to the landing page's language when the browser has another or none", () => {
    expect(rememberPageLocale(get('/en'), page()).headers.get('set-cookie')).toBe(
      'PARAGLIDE_LOCALE=en; Path=/; Max-Age=34560000; SameSite=Lax',
    )
    expect(rememberPageLocale(get('/', 'a=1; PARAGLIDE_LOCALE=en'), page()).headers.get('set-cookie')).toMatch(
      /^PARAGLIDE_LOCALE=tr; /,
    )
    expect(rememberPageLocale(get('/?contact=sent'), page()).headers.get('set-cookie')).toMatch(/^PARAGLIDE_LOCALE=tr; /)
  })

  it('leaves the cookie alone when it already matches, and on every other response', () => {
    expect(rememberPageLocale(get('/en', 'PARAGLIDE_LOCALE=en'), page()).headers.has('set-cookie')).toBe(false)
    expect(rememberPageLocale(get('/admin/login'), page()).headers.has('set-cookie')).toBe(false)
    expect(rememberPageLocale(get('/en/missing'), page()).headers.has('set-cookie')).toBe(false)
    const notFound = new Response('x', { status: 404, headers: { 'content-type': 'text/html' } })
    expect(rememberPageLocale(get('/en'), notFound).headers.has('set-cookie')).toBe(false)
    const post = new Request('http://127.0.0.1/en', { method: 'POST', body: 'x' })
    expect(rememberPageLocale(post, page()).headers.has('set-cookie')).toBe(false)
  })
})

describe('pageLocaleCookie', () => {
  it('adds the cookie to the landing page the rest of the pipeline answered', async () => {
    const response = await pageLocaleCookie(get('/en'), async () => page())
    expect(response.headers.get('set-cookie')).toMatch(/^PARAGLIDE_LOCALE=en; /)
  })
})
