import { LOCALES, type Locale } from '~/domain/locales'
import type { ContentIcon, Localized, SiteContent } from '~/domain/site-content'
import { ADDRESS_LINES, SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'

type MessageKey = keyof typeof m

/** A compiled message in both languages: the defaults are today's messages/*.json. */
function both(key: MessageKey): Localized {
  const message = m[key] as (inputs: object, options: { locale: Locale }) => string
  return Object.fromEntries(LOCALES.map((locale) => [locale, message({}, { locale })])) as Localized
}

const SERVICES: [id: string, icon: ContentIcon][] = [
  ['ai', 'brain-circuit'],
  ['maturity', 'gauge'],
  ['crm', 'heart-handshake'],
  ['transformation', 'workflow'],
  ['governance', 'shield-check'],
  ['experience', 'sparkles'],
]
const INDUSTRIES: [id: string, key: string][] = [
  ['real-estate', 'real_estate'],
  ['retail', 'retail'],
  ['finance', 'finance'],
  ['manufacturing', 'manufacturing'],
  ['logistics', 'logistics'],
  ['fmcg', 'fmcg'],
]
const PRODUCTS: [id: string, icon: ContentIcon][] = [
  ['assessment', 'clipboard-check'],
  ['dashboard', 'layout-dashboard'],
  ['simulator', 'flask-conical'],
]

/** The page as the specification wrote it: what a fresh install shows and 'Varsayılanlara Dön' brings back. */
export function defaultSiteContent(): SiteContent {
  return {
    about: {
      title: both('about_title'),
      intro: both('about_intro'),
      paragraph1: both('about_description1'),
      paragraph2: both('about_description2'),
      pillars: (['strategy', 'selection', 'delivery'] as const).map((key) => ({
        title: both(`about_pillar_${key}_title`),
        text: both(`about_pillar_${key}_text`),
      })),
    },
    services: {
      title: both('services_title'),
      subtitle: both('services_subtitle'),
      items: SERVICES.map(([id, icon]) => ({
        id,
        icon,
        title: both(`services_${id}_title` as MessageKey),
        text: both(`services_${id}_description` as MessageKey),
      })),
    },
    industries: {
      title: both('industries_title'),
      subtitle: both('industries_subtitle'),
      items: INDUSTRIES.map(([id, key]) => ({
        id,
        name: both(`industries_${key}_name` as MessageKey),
        description: both(`industries_${key}_description` as MessageKey),
        image: null,
      })),
    },
    products: {
      title: both('products_title'),
      subtitle: both('products_subtitle'),
      items: PRODUCTS.map(([id, icon]) => ({
        id,
        icon,
        title: both(`products_${id}_title` as MessageKey),
        text: both(`products_${id}_description` as MessageKey),
      })),
    },
    references: {
      title: both('references_title'),
      subtitle: both('references_subtitle'),
      items: ([1, 2, 3] as const).map((n) => ({
        id: `quote${n}`,
        text: both(`references_quote${n}_text`),
        role: both(`references_quote${n}_role`),
      })),
    },
    contact: {
      phone: SITE.phone.display,
      email: SITE.email,
      addressLines: [...ADDRESS_LINES],
      linkedinUrl: SITE.linkedinUrl,
      legalName: SITE.name,
    },
    footer: { description: both('footer_description'), copyrightYear: SITE.copyrightYear },
    seo: { title: both('meta_title'), description: both('meta_description') },
  }
}
