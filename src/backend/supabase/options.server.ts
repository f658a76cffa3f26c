export interface SupabaseBackendOptions {
  url: string
  /** Public key: used only for the auth endpoints, on behalf of the visitor. */
  anonKey: string
  /** Secret key for Storage uploads and the admin CLI's Auth calls; never leaves the server. */
  serviceRoleKey: string
  /** Marks the session cookies Secure (off only for plain-http local runs). */
  secureCookies: boolean
  /** Replaces the global fetch for every HTTP call (tests, custom runtimes). */
  fetch?: typeof fetch
}
