/** Head tags of the landing page: canonical and hreflang alternates (tr, en, x-default), Open Graph
 * and Twitter cards, and the firm as JSON-LD `Organization`. */
import { LOCALES, type Locale } from '~/domain/locales'
import { pageHead } from '~/lib/page-head'
import { ADDRESS_LINES, SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'

const OG_LOCALE: Record<Locale, string> = { tr: 'tr_TR', en: 'en_US' }
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const

export function landingHead(locale: Locale, origin: string | null) {
  // Without a known origin (a failed data call in the browser), fall back to the page's own.
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin)
  const url = (l: Locale) => `${base}${localizeHref('/', { locale: l })}`
  const image = `${base}/og-image-${locale}.png`
  const title = m.meta_title()
  const description = m.meta_description()
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: url('tr'),
    logo: `${base}/icon-512.png`,
    email: SITE.email,
    telephone: SITE.phone.href.replace('tel:', ''),
    description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: ADDRESS_LINES[0],
      addressLocality: SITE.address.city,
      postalCode: SITE.address.postalCode,
      addressCountry: SITE.address.countryCode,
    },
    sameAs: [SITE.linkedinUrl],
  }
  const shared = pageHead({ title, description, locale, url })
  return {
    meta: [
      ...shared.meta,
      { property: 'og:locale', content: OG_LOCALE[locale] },
      ...LOCALES.filter((l) => l !== locale).map((l) => ({ property: 'og:locale:alternate', content: OG_LOCALE[l] })),
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(OG_IMAGE_SIZE.width) },
      { property: 'og:image:height', content: String(OG_IMAGE_SIZE.height) },
      { property: 'og:image:alt', content: m.hero_alt() },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
    ],
    links: shared.links,
    scripts: [{ type: 'application/ld+json', children: JSON.stringify(organization) }],
  }
}
