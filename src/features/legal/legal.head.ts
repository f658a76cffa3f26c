/** Head tags of a legal page: its title and description, canonical and hreflang alternates. */
import { LOCALES, type Locale } from '~/backend/domain'
import { LEGAL_PAGES, type LegalPageId } from '~/lib/i18n-config'
import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'

export const LEGAL_TITLES: Record<LegalPageId, () => string> = {
  notice: () => m.legal_notice_title(),
  privacy: () => m.legal_privacy_title(),
  cookies: () => m.legal_cookies_title(),
}

const DESCRIPTIONS: Record<LegalPageId, () => string> = {
  notice: () => m.legal_notice_meta({ name: SITE.name }),
  privacy: () => m.legal_privacy_meta({ name: SITE.name }),
  cookies: () => m.legal_cookies_meta({ name: SITE.name }),
}

/** The page's address in `locale`, relative to the site. */
export function legalHref(page: LegalPageId, locale?: Locale): string {
  return localizeHref(LEGAL_PAGES[page].tr, locale ? { locale } : undefined)
}

export function legalHead(page: LegalPageId, locale: Locale, origin: string | null) {
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin)
  const url = (l: Locale) => `${base}${legalHref(page, l)}`
  const title = `${LEGAL_TITLES[page]()} | ${SITE.name}`
  const description = DESCRIPTIONS[page]()
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: SITE.name },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url(locale) },
    ],
    links: [
      { rel: 'canonical', href: url(locale) },
      ...LOCALES.map((l) => ({ rel: 'alternate', hrefLang: l, href: url(l) })),
      { rel: 'alternate', hrefLang: 'x-default', href: url('tr') },
    ],
  }
}
