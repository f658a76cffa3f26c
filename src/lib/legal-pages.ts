/** The legal pages (docs/decisions/121-legal-pages.md): the router knows each by its Turkish
 * address; English readers get English words under /en. A module of its own, so the browser's code
 * takes the addresses without the Paraglide options of i18n-config.ts. */
export const LEGAL_PAGES = {
  notice: { tr: '/kvkk', en: '/en/data-protection' },
  privacy: { tr: '/gizlilik', en: '/en/privacy' },
  cookies: { tr: '/cerezler', en: '/en/cookies' },
} as const
export type LegalPageId = keyof typeof LEGAL_PAGES
