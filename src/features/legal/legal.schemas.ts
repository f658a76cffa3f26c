import type { PageContent } from '~/domain/site-content'
import * as v from 'valibot'
import { LOCALES } from '~/domain/locales'
import type { SiteCookie } from '~/lib/cookies'
import type { Provider } from '~/lib/env.server'
import type { LegalPageId } from '~/lib/legal-pages'
import type { PageHead } from '~/lib/page-head'

// Written out, not read from LEGAL_PAGES: this schema travels in every page's first chunk.
const PAGE_IDS: LegalPageId[] = ['notice', 'privacy', 'cookies']

export const LegalPageInputSchema = v.object({
  page: v.picklist(PAGE_IDS),
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

/** What the legal pages say that the configuration decides: the retention periods, which providers
 * are abroad, the sign-in in use and the cookies it sets. */
export interface LegalFacts {
  messageRetentionDays: number
  ipRetentionDays: number
  /** Days raw page views are kept (VISIT_RAW_DAYS). */
  visitRawDays: number
  sessionMaxDays: number
  sessionIdleHours: number
  providersAbroad: Provider[]
  supabase: boolean
  cookies: CookieRow[]
}

/** The head of a legal page as the route's `head` returns it, absolute URLs from SITE_URL or the request. */

export interface LegalPageData {
  facts: LegalFacts
  head: PageHead
  /** The published site content in the page's language: the controller's name, address and e-mail, the footer. */
  content: PageContent
}
