import * as v from 'valibot'
import { LOCALES } from '~/backend/domain'
import type { SiteCookie } from '~/lib/cookies'
import type { Provider } from '~/lib/env.server'
import { LEGAL_PAGES, type LegalPageId } from '~/lib/i18n-config'

export const LegalPageInputSchema = v.object({
  page: v.picklist(Object.keys(LEGAL_PAGES) as LegalPageId[]),
  locale: v.picklist(LOCALES),
})
export type LegalPageInput = v.InferOutput<typeof LegalPageInputSchema>

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
  messageRetentionDays: number
  ipRetentionDays: number
  sessionMaxDays: number
  sessionIdleHours: number
  providersAbroad: Provider[]
  supabase: boolean
  cookies: CookieRow[]
}

/** The head of a legal page, with absolute URLs (SITE_URL when set, else the request's origin). */
export interface LegalHead {
  title: string
  description: string
  siteName: string
  canonical: string
  alternates: { hrefLang: string; href: string }[]
}

export interface LegalPageData {
  facts: LegalFacts
  head: LegalHead
}
