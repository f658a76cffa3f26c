/**
 * How the Supabase session lives in the request's cookies. The server owns them: the
 * browser never runs supabase-js, so they are HttpOnly, whatever @supabase/ssr defaults to.
 */
import type { CookieOptions as SsrCookieOptions } from '@supabase/ssr'
import type { CookieJar, CookieOptions } from '../backend'
import { LIMITS } from '~/lib/limits'

/** Cookies written during one call (name → value), so sign-out clears only what is left. */
export type CookieWrites = Map<string, string>

/** The name supabase-js derives from the project URL, fixed here so we know what to clear. */
export function sessionStorageKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
}

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const
}

/** The session cookie itself, its chunks (`.0`, `.1` …) and its side items (`-code-verifier` …). */
export function isSessionCookie(name: string, storageKey: string): boolean {
  return name === storageKey || name.startsWith(`${storageKey}.`) || name.startsWith(`${storageKey}-`)
}

function jarOptions(options: SsrCookieOptions, value: string, secure: boolean): CookieOptions {
  const clearing = value === '' || options.maxAge === 0
  return {
    ...sessionCookieOptions(secure),
    // @supabase/ssr keeps cookies for 400 days. The auth server enforces the real session
    // limits (supabase/config.toml [auth.sessions]); this cap only stops an abandoned
    // browser from holding a refresh token for longer than a session may last anyway.
    maxAge: clearing ? 0 : Math.min(options.maxAge ?? Infinity, LIMITS.auth.sessionMaxSeconds),
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
