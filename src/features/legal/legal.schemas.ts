import type { Provider } from '~/lib/env.server'
import type { SiteCookie } from '~/lib/cookies'

/** A row of the cookie policy's table, as this deployment sets the cookie. */
export interface CookieRow {
  id: SiteCookie['id']
  names: string[]
  maxAgeSeconds: number
  audience: SiteCookie['audience']
  necessary: boolean
}

/**
 * What the legal pages say that the configuration decides: the retention periods, which
 * providers are abroad, the sign-in in use and the cookies it sets.
 */
export interface LegalFacts {
  /** The origin the page names in canonical and hreflang links; null when unknown. */
  origin: string | null
  messageRetentionDays: number
  ipRetentionDays: number
  sessionMaxDays: number
  sessionIdleHours: number
  providersAbroad: Provider[]
  supabase: boolean
  cookies: CookieRow[]
}
