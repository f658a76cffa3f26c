import { describe, expect, it } from 'vitest'
import { cookieMaxAge, cookieName } from '~/paraglide/runtime'
import {
  CODE_BROWSER_COOKIE,
  PASSKEY_COOKIE,
  LOCALE_COOKIE,
  SESSION_COOKIE,
  SUPABASE_SESSION_COOKIE,
  cookiesInUse,
  findSiteCookie,
} from './cookies'
import { LIMITS } from './limits'
import { rememberPageLocale } from './locale-cookie.server'

const BUILTIN = { secure: false, supabaseUrl: null }
const BUILTIN_HTTPS = { secure: true, supabaseUrl: null }
const SUPABASE = { secure: true, supabaseUrl: 'https://abcdefgh.supabase.co' }

describe('the one list of cookies (src/lib/cookies.ts)', () => {
  it('names what each deployment sets: the locale cookie, the session of the sign-in in use, the code browser, the passkey proof', () => {
    expect(cookiesInUse(BUILTIN).flatMap((c) => c.names(BUILTIN))).toEqual([
      'PARAGLIDE_LOCALE',
      'session',
      'code-browser',
      'passkey',
    ])
    expect(cookiesInUse(BUILTIN_HTTPS).flatMap((c) => c.names(BUILTIN_HTTPS))).toEqual([
      'PARAGLIDE_LOCALE',
      '__Host-session',
      '__Host-code-browser',
      '__Host-passkey',
    ])
    expect(cookiesInUse(SUPABASE).flatMap((c) => c.names(SUPABASE))).toEqual([
      'PARAGLIDE_LOCALE',
      'sb-abcdefgh-auth-token',
      'sb-abcdefgh-auth-token.0',
      'sb-abcdefgh-auth-token.1',
      '__Host-code-browser',
      '__Host-passkey',
    ])
  })

  it('recognises every name a browser can receive, and nothing else', () => {
    expect(findSiteCookie('PARAGLIDE_LOCALE', BUILTIN)).toBe(LOCALE_COOKIE)
    expect(findSiteCookie('session', BUILTIN)).toBe(SESSION_COOKIE)
    expect(findSiteCookie('__Host-session', BUILTIN_HTTPS)).toBe(SESSION_COOKIE)
    for (const name of ['sb-abcdefgh-auth-token', 'sb-abcdefgh-auth-token.3', 'sb-abcdefgh-auth-token-code-verifier']) {
      expect(findSiteCookie(name, SUPABASE), name).toBe(SUPABASE_SESSION_COOKIE)
    }
    // Each mode's session cookie is not listed in the other mode; strangers never are.
    expect(findSiteCookie('session', SUPABASE)).toBeNull()
    expect(findSiteCookie('__Host-session', BUILTIN)).toBeNull()
    expect(findSiteCookie('sb-abcdefgh-auth-token', BUILTIN)).toBeNull()
    expect(findSiteCookie('sb-other-auth-token', SUPABASE)).toBeNull()
    expect(findSiteCookie('_ga', BUILTIN)).toBeNull()
    expect(findSiteCookie('code-browser', BUILTIN)).toBe(CODE_BROWSER_COOKIE)
    expect(findSiteCookie('__Host-code-browser', SUPABASE)).toBe(CODE_BROWSER_COOKIE)
    expect(findSiteCookie('__Host-passkey', SUPABASE)).toBe(PASSKEY_COOKIE)
  })

  it('lists every cookie as strictly necessary, none kept longer than its code keeps it', () => {
    expect(cookiesInUse(BUILTIN).every((c) => c.necessary)).toBe(true)
    expect(LOCALE_COOKIE.maxAgeSeconds).toBe(cookieMaxAge)
    expect(SESSION_COOKIE.maxAgeSeconds).toBe(LIMITS.auth.sessionMaxSeconds)
    expect(SUPABASE_SESSION_COOKIE.maxAgeSeconds).toBe(LIMITS.auth.sessionMaxSeconds)
    expect(CODE_BROWSER_COOKIE.maxAgeSeconds).toBe(LIMITS.auth.codeTtlSeconds)
    expect(PASSKEY_COOKIE.maxAgeSeconds).toBe(LIMITS.auth.sessionMaxSeconds)
  })
})

describe('the locale cookie is written as the list says', () => {
  it('the landing and legal pages set the locale cookie under its listed name and lifetime', () => {
    const html = () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
    for (const path of ['/en', '/kvkk', '/en/cookies']) {
      const cookie = rememberPageLocale(new Request(`http://example.test${path}`), html()).headers.get('set-cookie') ?? ''
      const [name] = cookie.split('=')
      expect(findSiteCookie(name ?? '', BUILTIN), path).toBe(LOCALE_COOKIE)
      expect(cookie).toContain(`Max-Age=${LOCALE_COOKIE.maxAgeSeconds}`)
    }
    expect(cookieName).toBe(LOCALE_COOKIE.names(BUILTIN)[0])
  })
})
