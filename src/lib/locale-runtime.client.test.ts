import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '~/domain/locales'
import * as compiled from '~/paraglide/runtime'
import * as slim from './locale-runtime.client'

const ORIGIN = 'https://pusuladijital.com.tr'
/** Every kind of address the site has, each language's form, with queries and fragments. */
const PATHS = [
  '/',
  '/en',
  '/en/',
  '/?contact=sent',
  '/en?contact=invalid#contact',
  '/#about',
  '/kvkk',
  '/gizlilik?x=1',
  '/cerezler#top',
  '/en/data-protection',
  '/en/privacy',
  '/en/cookies?y=2#z',
  '/admin',
  '/admin/',
  '/admin/messages?status=new&owner=me&from=2026-11-01',
  '/admin/login?redirect=%2Fadmin%2Fstats',
  '/administrator',
  '/en/admin/messages',
  '/nowhere',
  '/en/nowhere/deeper',
  '/ende',
  '/kvkk/more',
  '/en/privacy/more',
  '/uploads/hero-tr.png',
  '/api/visits',
  '/%C3%A7erez',
]
const LOCALES: Locale[] = ['tr', 'en']

function renderedIn(locale: string) {
  vi.stubGlobal('document', { documentElement: { lang: locale }, cookie: '' })
  vi.stubGlobal('window', { location: { origin: ORIGIN, pathname: '/', href: `${ORIGIN}/` } })
  compiled.overwriteGetLocale(() => (compiled.isLocale(locale) ? locale : 'tr'))
}

afterEach(() => vi.unstubAllGlobals())

describe("the browser's locale runtime", () => {
  it("localizes and de-localizes every address as Paraglide's compiled runtime does", () => {
    for (const path of PATHS) {
      const url = `${ORIGIN}${path}`
      expect(slim.deLocalizeUrl(new URL(url)).href, path).toBe(compiled.deLocalizeUrl(new URL(url)).href)
      for (const locale of LOCALES) {
        expect(slim.localizeUrl(new URL(url), { locale }).href, `${path} ${locale}`).toBe(
          compiled.localizeUrl(new URL(url), { locale }).href,
        )
      }
    }
  })

  it('gives the same links in either language of the page, with or without a target language', () => {
    for (const current of LOCALES) {
      renderedIn(current)
      for (const path of PATHS) {
        expect(slim.localizeHref(path), `${path} on a ${current} page`).toBe(compiled.localizeHref(path))
        for (const locale of LOCALES) {
          expect(slim.localizeHref(path, { locale }), `${path} → ${locale}`).toBe(compiled.localizeHref(path, { locale }))
        }
      }
    }
  })

  it('reads the language the server rendered the page in, and Turkish for anything else', () => {
    renderedIn('en')
    expect(slim.getLocale()).toBe('en')
    renderedIn('tr')
    expect(slim.getLocale()).toBe('tr')
    renderedIn('de')
    expect(slim.getLocale()).toBe('tr')
  })

  it('remembers a language in the cookie without leaving the page when told not to reload', () => {
    renderedIn('tr')
    slim.setLocale('en', { reload: false })
    expect(document.cookie).toBe('PARAGLIDE_LOCALE=en; path=/; max-age=34560000')
    expect(window.location.href).toBe(`${ORIGIN}/`)
  })

  it('exports the same constants as the compiled runtime', () => {
    expect([slim.baseLocale, slim.locales, slim.cookieName, slim.cookieMaxAge, slim.experimentalStaticLocale]).toEqual([
      compiled.baseLocale,
      compiled.locales,
      compiled.cookieName,
      compiled.cookieMaxAge,
      compiled.experimentalStaticLocale,
    ])
  })
})
