import type { Locale } from '~/domain/locales'
import { LEGAL_PAGES, type LegalPageId } from '~/lib/legal-pages'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'

export const LEGAL_PAGE_IDS = Object.keys(LEGAL_PAGES) as LegalPageId[]

/** Each page's title; `locale` defaults to the current one. */
export const LEGAL_TITLES: Record<LegalPageId, (locale?: Locale) => string> = {
  notice: (locale) => m.legal_notice_title({}, locale ? { locale } : undefined),
  privacy: (locale) => m.legal_privacy_title({}, locale ? { locale } : undefined),
  cookies: (locale) => m.legal_cookies_title({}, locale ? { locale } : undefined),
}

/** The page's address in `locale` (default: the current one), relative to the site. */
export function legalHref(page: LegalPageId, locale?: Locale): string {
  return localizeHref(LEGAL_PAGES[page].tr, locale ? { locale } : undefined)
}
