/**
 * The landing page's content as staff edit it (/admin/content): every text in both languages,
 * the firm's facts, and the industries' pictures. Stored as one JSON document per version
 * (docs/decisions/210-site-content-as-data.md); a fresh install shows the defaults.
 */
import type { BannerImageVariants } from './banners'
import type { Locale } from './locales'

export type Localized = Record<Locale, string>

/** The icons a service or product may show: the set the page already uses. */
export const CONTENT_ICONS = [
  'brain-circuit',
  'gauge',
  'heart-handshake',
  'workflow',
  'shield-check',
  'sparkles',
  'clipboard-check',
  'layout-dashboard',
  'flask-conical',
  'compass',
  'scale',
  'route',
] as const
export type ContentIcon = (typeof CONTENT_ICONS)[number]

export interface ContentPillar {
  title: Localized
  text: Localized
}

export interface ServiceItem {
  id: string
  icon: ContentIcon
  title: Localized
  text: Localized
}

export interface IndustryItem {
  id: string
  name: Localized
  description: Localized
  /** An uploaded picture (`/uploads/…`) with its AVIF/WebP copies; null: the built-in picture or none. */
  image: IndustryImage | null
}

export interface IndustryImage {
  /** An upload's `/uploads/…` path, or an `https://` address. */
  url: string
  /** The AVIF/WebP copies an upload made, as banners keep them; absent for a typed address. */
  variants?: BannerImageVariants
}

export interface ProductItem {
  id: string
  icon: ContentIcon
  title: Localized
  text: Localized
}

export interface ReferenceItem {
  id: string
  text: Localized
  role: Localized
}

export interface SiteContent {
  about: { title: Localized; intro: Localized; paragraph1: Localized; paragraph2: Localized; pillars: ContentPillar[] }
  services: { title: Localized; subtitle: Localized; items: ServiceItem[] }
  industries: { title: Localized; subtitle: Localized; items: IndustryItem[] }
  products: { title: Localized; subtitle: Localized; items: ProductItem[] }
  references: { title: Localized; subtitle: Localized; items: ReferenceItem[] }
  contact: {
    phone: string
    email: string
    addressLines: string[]
    linkedinUrl: string
    /** The firm's name as the legal notice names it (the data controller). */
    legalName: string
  }
  footer: { description: Localized; copyrightYear: number }
  seo: { title: Localized; description: Localized }
}

/** The editor's screens, in the page's order. */
export const CONTENT_SECTIONS = [
  'about',
  'services',
  'industries',
  'products',
  'references',
  'contact',
  'footer',
  'seo',
] as const satisfies readonly (keyof SiteContent)[]
export type ContentSection = (typeof CONTENT_SECTIONS)[number]

/** The list sections: items can be added, removed and moved. */
export const LIST_SECTIONS = ['services', 'industries', 'products', 'references'] as const
export type ListSection = (typeof LIST_SECTIONS)[number]

/** A published version as 'Geçmiş' lists it. */
export interface ContentVersionSummary {
  id: number
  /** How it came to be: published from a draft, an earlier version restored, or the defaults. */
  kind: 'publish' | 'restore' | 'defaults'
  restoredFrom: number | null
  createdBy: string | null
  createdAt: string
}

/** The shared draft: null `content` when nobody has saved one since the last publish. */
export interface ContentDraft {
  content: SiteContent | null
  /** Goes up with every save and publish: a save names the revision it started from. */
  revision: number
  updatedAt: string | null
  updatedBy: string | null
}

/** `tel:` link of a phone as typed: its digits and a leading +. */
export function phoneHref(phone: string): string {
  const trimmed = phone.trim()
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`
}

/** The page's content in one language: what the landing page's sections render. */
export interface PageContent {
  about: { title: string; intro: string; paragraph1: string; paragraph2: string; pillars: { title: string; text: string }[] }
  services: { title: string; subtitle: string; items: { id: string; icon: ContentIcon; title: string; text: string }[] }
  industries: {
    title: string
    subtitle: string
    items: { id: string; name: string; description: string; image: IndustryImage | null }[]
  }
  products: { title: string; subtitle: string; items: { id: string; icon: ContentIcon; title: string; text: string }[] }
  references: { title: string; subtitle: string; items: { id: string; text: string; role: string }[] }
  contact: SiteContent['contact']
  footer: { description: string; copyrightYear: number }
  seo: { title: string; description: string }
}

export function localizeContent(content: SiteContent, locale: Locale): PageContent {
  const { about, services, industries, products, references } = content
  return {
    about: {
      title: about.title[locale],
      intro: about.intro[locale],
      paragraph1: about.paragraph1[locale],
      paragraph2: about.paragraph2[locale],
      pillars: about.pillars.map((pillar) => ({ title: pillar.title[locale], text: pillar.text[locale] })),
    },
    services: {
      title: services.title[locale],
      subtitle: services.subtitle[locale],
      items: services.items.map((item) => ({ id: item.id, icon: item.icon, title: item.title[locale], text: item.text[locale] })),
    },
    industries: {
      title: industries.title[locale],
      subtitle: industries.subtitle[locale],
      items: industries.items.map((item) => ({
        id: item.id,
        name: item.name[locale],
        description: item.description[locale],
        image: item.image,
      })),
    },
    products: {
      title: products.title[locale],
      subtitle: products.subtitle[locale],
      items: products.items.map((item) => ({ id: item.id, icon: item.icon, title: item.title[locale], text: item.text[locale] })),
    },
    references: {
      title: references.title[locale],
      subtitle: references.subtitle[locale],
      items: references.items.map((item) => ({ id: item.id, text: item.text[locale], role: item.role[locale] })),
    },
    contact: content.contact,
    footer: { description: content.footer.description[locale], copyrightYear: content.footer.copyrightYear },
    seo: { title: content.seo.title[locale], description: content.seo.description[locale] },
  }
}
