/** The head tags every public page shares (title, description, Open Graph, canonical, hreflang);
 * pages add their own after these. */
import { LOCALES, type Locale } from '~/domain/locales'
import { SITE } from './site-config'

export interface PageHead {
  meta: ({ title: string } | { name: string; content: string } | { property: string; content: string })[]
  links: { rel: string; href: string; hrefLang?: string }[]
}

/** `url(l)` is the page's absolute address in language `l`; x-default is the Turkish one. */
export function pageHead(page: {
  title: string
  description: string
  locale: Locale
  url: (locale: Locale) => string
}): PageHead {
  const { title, description, locale, url } = page
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
