/** The Supabase clients of the supabase mode. Storage goes through one service-role client (server
 * only); auth goes through anon-key clients, so a visitor's request never carries the service role.
 * Data never goes through them: the SQL core reaches the database directly. */
import { createServerClient } from '@supabase/ssr'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { CookieJar } from '../backend'
import { sessionCookieMethods, sessionCookieOptions, type CookieWrites } from './session-cookies.server'
import type { SupabaseBackendOptions } from './options.server'

export type Db = SupabaseClient

function fetchOption(options: SupabaseBackendOptions) {
  return options.fetch ? { fetch: options.fetch } : {}
}

/** No session of its own: the service role is the identity, and nothing is persisted. */
export function createServiceClient(options: SupabaseBackendOptions): Db {
  return createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: fetchOption(options),
  })
}

/** How a visitor's Auth call identifies itself (decision 074). */
export interface VisitorCall {
  apiKey: string
  headers: Record<string, string>
}

export function visitorCall(options: SupabaseBackendOptions, clientAddress: string | undefined): VisitorCall {
  if (clientAddress && options.serviceRoleKey.startsWith('sb_secret_')) {
    return { apiKey: options.serviceRoleKey, headers: { 'sb-forwarded-for': clientAddress } }
  }
  return { apiKey: options.anonKey, headers: {} }
}

function globalOption(options: SupabaseBackendOptions, call: VisitorCall) {
  return { ...fetchOption(options), headers: call.headers }
}

/** Sends codes. Sending has no request cookies to write to, so it uses the implicit flow: the PKCE
 * flow that @supabase/ssr forces would store a code verifier we never need, because the code is
 * checked with verifyOtp, not exchanged. */
export function createOtpClient(options: SupabaseBackendOptions, call: VisitorCall = visitorCall(options, undefined)): Db {
  return createClient(options.url, call.apiKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: 'implicit',
    },
    global: globalOption(options, call),
  })
}

/** A client bound to one request's cookies: the session is read from them and every change (sign-in,
 * refresh, sign-out) is written back through the jar. One per call, as @supabase/ssr requires,
 * because it caches the session of the request it serves. */
export function createSessionClient(
  options: SupabaseBackendOptions,
  storageKey: string,
  jar: CookieJar,
  writes: CookieWrites,
  call: VisitorCall = visitorCall(options, undefined),
): Db {
  return createServerClient(options.url, call.apiKey, {
    cookies: sessionCookieMethods(jar, options.secureCookies, writes),
    cookieOptions: { name: storageKey, ...sessionCookieOptions(options.secureCookies) },
    global: globalOption(options, call),
  })
}
