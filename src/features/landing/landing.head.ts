/** Head tags of the landing page: canonical and hreflang alternates (tr, en, x-default), Open Graph
 * and Twitter cards, and the firm as JSON-LD `Organization`. */
import { createIsomorphicFn } from '@tanstack/react-start'
import { LOCALES, type Locale } from '~/domain/locales'
import { pageHead } from '~/lib/page-head'
import { type PageContent, phoneHref } from '~/domain/site-content'
import { SITE } from '~/lib/site-config'
import type { LandingPageData } from './landing.schemas'
import { type VisitorContent, withStaticOnServer } from './static-content'
import { m } from '~/paraglide/messages'
import { getLocale, localizeHref } from '~/paraglide/runtime'

type LandingLoaderData = { locale: Locale; data: Pick<LandingPageData, 'origin' | 'preview'> & { content: VisitorContent } }

/**
 * The landing route's head. The page is only ever hydrated in the browser (every link to it is a
 * document load), so there its head is the one the server wrote: the title and description read
 * back (they override the root route's defaults), every other tag left as it came (decision 013).
 */
export const landingRouteHead = createIsomorphicFn()
  .server((loaderData: LandingLoaderData | undefined) =>
    landingHead(
      loaderData?.locale ?? getLocale(),
      loaderData ? { ...loaderData.data, content: withStaticOnServer(loaderData.data.content) } : null,
    ),
  )
  .client((_loaderData: LandingLoaderData | undefined) => ({
    meta: [
      { title: document.title },
      { name: 'description', content: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content },
    ],
  }))

const OG_LOCALE: Record<Locale, string> = { tr: 'tr_TR', en: 'en_US' }
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const

export function landingHead(
  locale: Locale,
  data: (Pick<LandingPageData, 'origin' | 'preview'> & { content: PageContent }) | null,
) {
  const origin = data?.origin ?? null
  // Without a known origin (a failed data call in the browser), fall back to the page's own.
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin)
  const url = (l: Locale) => `${base}${localizeHref('/', { locale: l })}`
  const image = `${base}/og-image-${locale}.png`
  const content = data?.content
  const title = content?.seo.title ?? m.meta_title()
  const description = content?.seo.description ?? m.meta_description()
  const contact = content?.contact
  const lines = contact?.addressLines ?? []
  const organization = contact && {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: contact.legalName,
    url: url('tr'),
    logo: `${base}/icon-512.png`,
    email: contact.email,
    telephone: phoneHref(contact.phone).replace('tel:', ''),
    description,
    address: {
      '@type': 'PostalAddress',
      streetAddress: lines[0],
      addressLocality: lines.at(-1),
      postalCode: /\b\d{5}\b/.exec(lines.join(' '))?.[0],
      addressCountry: SITE.address.countryCode,
    },
    sameAs: [contact.linkedinUrl],
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
      ...(data?.preview ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    ],
    links: shared.links,
    scripts: organization ? [{ type: 'application/ld+json', children: jsonForScript(organization) }] : [],
  }
}

/** JSON inside a <script>: no staff-typed `</script>` or `<!--` can end or bend it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
