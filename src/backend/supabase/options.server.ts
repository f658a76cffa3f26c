import type { WebSocketLikeConstructor } from '@supabase/supabase-js'

export interface SupabaseBackendOptions {
  url: string
  /** Public key: used only for the auth endpoints, on behalf of the visitor. */
  anonKey: string
  /** Bypasses RLS: used only after the app's server functions have authorized the call. */
  serviceRoleKey: string
  /** Marks the session cookies Secure (off only for plain-http local runs). */
  secureCookies: boolean
  /** Replaces the global fetch for every HTTP call (tests, custom runtimes). */
  fetch?: typeof fetch
  /** Replaces the global WebSocket used by Realtime (tests, runtimes without one). */
  webSocket?: WebSocketLikeConstructor
}
