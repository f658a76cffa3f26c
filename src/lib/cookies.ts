/** Every cookie the site sets, named once (decision 120). */
import { cookieMaxAge, cookieName } from '~/paraglide/runtime'
import { LIMITS } from './limits'

/** What decides the cookies of a deployment: HTTPS (`__Host-` names) and the sign-in in use. */
export interface CookieSetting {
  secure: boolean
  /** The Supabase project's URL in the supabase mode; null where the built-in sign-in runs. */
  supabaseUrl: string | null
}

export interface SiteCookie {
  id: 'locale' | 'session' | 'supabase-session' | 'code-browser' | 'passkey'
  /** Who receives it: every visitor, or only staff who sign in. */
  audience: 'visitors' | 'staff'
  /** The longest a browser keeps it. */
  maxAgeSeconds: number
  /** Strictly necessary for a service the reader asked for: set without asking for consent. */
  necessary: boolean
  /** Set in this deployment's configuration at all. */
  inUse(setting: CookieSetting): boolean
  /** The names as the policy shows them. */
  names(setting: CookieSetting): string[]
  /** Whether a cookie a browser received is this one. */
  matches(name: string, setting: CookieSetting): boolean
}

/** `__Host-` binds the cookie to this exact origin over HTTPS; plain `session` on http://localhost. */
export function builtinSessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session'
}

/** The name supabase-js derives from the project URL, fixed here so we know what to clear. */
export function supabaseSessionKey(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`
}

/** The Supabase session cookie itself, its chunks (`.0`, `.1` …) and its side items (`-code-verifier` …). */
export function isSupabaseSessionCookie(name: string, storageKey: string): boolean {
  return name === storageKey || name.startsWith(`${storageKey}.`) || name.startsWith(`${storageKey}-`)
}

/** Paraglide's own name, which its `setLocale` in the browser writes too. */
export const LOCALE_COOKIE_NAME = cookieName

export const LOCALE_COOKIE: SiteCookie = {
  id: 'locale',
  audience: 'visitors',
  maxAgeSeconds: cookieMaxAge,
  necessary: true,
  inUse: () => true,
  names: () => [LOCALE_COOKIE_NAME],
  matches: (name) => name === LOCALE_COOKIE_NAME,
}

export const SESSION_COOKIE: SiteCookie = {
  id: 'session',
  audience: 'staff',
  maxAgeSeconds: LIMITS.auth.sessionMaxSeconds,
  necessary: true,
  inUse: (setting) => setting.supabaseUrl === null,
  names: (setting) => [builtinSessionCookieName(setting.secure)],
  matches: (name, setting) => name === builtinSessionCookieName(setting.secure),
}

export const SUPABASE_SESSION_COOKIE: SiteCookie = {
  id: 'supabase-session',
  audience: 'staff',
  // @supabase/ssr would keep them 400 days; the adapter caps them at a session's longest life.
  maxAgeSeconds: LIMITS.auth.sessionMaxSeconds,
  necessary: true,
  inUse: (setting) => setting.supabaseUrl !== null,
  names: (setting) => {
    const key = setting.supabaseUrl ? supabaseSessionKey(setting.supabaseUrl) : 'sb-…-auth-token'
    return [key, `${key}.0`, `${key}.1`]
  },
  matches: (name, setting) =>
    setting.supabaseUrl !== null && isSupabaseSessionCookie(name, supabaseSessionKey(setting.supabaseUrl)),
}

/** `__Host-` over HTTPS, as the session's. */
export function codeBrowserCookieName(secure: boolean): string {
  return secure ? '__Host-code-browser' : 'code-browser'
}

/**
 * A random id for the browser that asks for a sign-in code: the code works only there, and wrong
 * codes count against this browser, not the address (decision 231). Every mode: the app's limits use it.
 */
export const CODE_BROWSER_COOKIE: SiteCookie = {
  id: 'code-browser',
  audience: 'staff',
  maxAgeSeconds: LIMITS.auth.codeTtlSeconds,
  necessary: true,
  inUse: () => true,
  names: (setting) => [codeBrowserCookieName(setting.secure)],
  matches: (name, setting) => name === codeBrowserCookieName(setting.secure),
}

/** `__Host-` over HTTPS, as the session's. */
export function passkeyCookieName(secure: boolean): string {
  return secure ? '__Host-passkey' : 'passkey'
}

/** A random token saying this browser answered with the member's passkey since it signed in
 * (decision 233): without it, a member with a passkey gets no further than 'Passkey ile Doğrula'. */
export const PASSKEY_COOKIE: SiteCookie = {
  id: 'passkey',
  audience: 'staff',
  maxAgeSeconds: LIMITS.auth.sessionMaxSeconds,
  necessary: true,
  inUse: () => true,
  names: (setting) => [passkeyCookieName(setting.secure)],
  matches: (name, setting) => name === passkeyCookieName(setting.secure),
}

/** The list, in the order the policy shows it. */
export const SITE_COOKIES: readonly SiteCookie[] = [
  LOCALE_COOKIE,
  SESSION_COOKIE,
  SUPABASE_SESSION_COOKIE,
  CODE_BROWSER_COOKIE,
  PASSKEY_COOKIE,
]

/** The cookies a deployment with `setting` can set. */
export function cookiesInUse(setting: CookieSetting): SiteCookie[] {
  return SITE_COOKIES.filter((cookie) => cookie.inUse(setting))
}

/** The listed cookie a received name belongs to, or null when the policy does not list it. */
export function findSiteCookie(name: string, setting: CookieSetting): SiteCookie | null {
  return cookiesInUse(setting).find((cookie) => cookie.matches(name, setting)) ?? null
}
