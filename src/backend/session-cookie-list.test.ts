import { describe, expect, it } from 'vitest'
import type { CookieOptions } from '~/backend/backend'
import { sessionCookieName } from '~/backend/sql/builtin-auth/sessions.server'
import { sessionCookieMethods } from '~/backend/supabase/session-cookies.server'
import { SESSION_COOKIE, SUPABASE_SESSION_COOKIE, findSiteCookie } from '~/lib/cookies'

const BUILTIN = { secure: false, supabaseUrl: null }
const BUILTIN_HTTPS = { secure: true, supabaseUrl: null }
const SUPABASE = { secure: true, supabaseUrl: 'https://abcdefgh.supabase.co' }

/** The sign-ins write their session cookies under the names and lifetimes of src/lib/cookies.ts, which the cookie policy shows. */
describe('session cookies come from the one list of cookies', () => {
  it('the built-in sign-in names its session cookie from the list', () => {
    expect(sessionCookieName(false)).toBe(SESSION_COOKIE.names(BUILTIN)[0])
    expect(sessionCookieName(true)).toBe(SESSION_COOKIE.names(BUILTIN_HTTPS)[0])
  })

  it("the Supabase adapter writes @supabase/ssr's cookies capped at the listed lifetime", () => {
    const written: { name: string; options: CookieOptions }[] = []
    const jar = {
      getAll: () => [],
      set: (name: string, _value: string, options: CookieOptions) => written.push({ name, options }),
    }
    const fourHundredDays = 400 * 24 * 60 * 60
    sessionCookieMethods(jar, true, new Map()).setAll([
      { name: 'sb-abcdefgh-auth-token.0', value: 'x', options: { maxAge: fourHundredDays } },
    ])
    expect(written).toHaveLength(1)
    expect(findSiteCookie(written[0]!.name, SUPABASE)).toBe(SUPABASE_SESSION_COOKIE)
    expect(written[0]!.options.maxAge).toBe(SUPABASE_SESSION_COOKIE.maxAgeSeconds)
  })
})
