/** How the Supabase session lives in the request's cookies. The server owns them: the browser never
 * runs supabase-js, so they are HttpOnly, whatever @supabase/ssr defaults to. */
import type { CookieOptions as SsrCookieOptions } from '@supabase/ssr'
import type { CookieJar, CookieOptions } from '../backend'
import { SUPABASE_SESSION_COOKIE, isSupabaseSessionCookie, supabaseSessionKey } from '~/lib/cookies'

/** Cookies written during one call (name → value), so sign-out clears only what is left. */
export type CookieWrites = Map<string, string>

/** Names and lifetime come from the site's one list of cookies, which the cookie policy shows. */
export const sessionStorageKey = supabaseSessionKey

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const
}

export const isSessionCookie = isSupabaseSessionCookie

function jarOptions(options: SsrCookieOptions, value: string, secure: boolean): CookieOptions {
  const clearing = value === '' || options.maxAge === 0
  return {
    ...sessionCookieOptions(secure),
    // @supabase/ssr keeps cookies for 400 days. The auth server enforces the real session
    // limits (supabase/config.toml [auth.sessions]); this cap only stops an abandoned
    // browser from holding a refresh token for longer than a session may last anyway.
    maxAge: clearing ? 0 : Math.min(options.maxAge ?? Infinity, SUPABASE_SESSION_COOKIE.maxAgeSeconds),
    ...(options.expires && !clearing ? { expires: options.expires } : {}),
  }
}

export function sessionCookieMethods(jar: CookieJar, secure: boolean, writes: CookieWrites) {
  return {
    getAll: () => jar.getAll(),
    setAll: (cookies: { name: string; value: string; options: SsrCookieOptions }[]) => {
      for (const { name, value, options } of cookies) {
        jar.set(name, value, jarOptions(options, value, secure))
        writes.set(name, value)
      }
    },
  }
}

/** Expires every session cookie the request still carries and this call has not rewritten. */
export function clearSessionCookies(jar: CookieJar, storageKey: string, secure: boolean, writes: CookieWrites) {
  for (const { name } of jar.getAll()) {
    if (isSessionCookie(name, storageKey) && writes.get(name) !== '') {
      jar.set(name, '', { ...sessionCookieOptions(secure), maxAge: 0 })
      writes.set(name, '')
    }
  }
}

/** Whether the request carries a session at all (the token cookie or one of its chunks). */
export function hasSessionCookie(jar: CookieJar, storageKey: string): boolean {
  return jar.getAll().some(({ name, value }) => value !== '' && (name === storageKey || name.startsWith(`${storageKey}.`)))
}
