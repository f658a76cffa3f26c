/** The legal pages' Turkish addresses (decision 121), apart from i18n-config.ts so the browser's
 * code takes them without the Paraglide options. */
export const LEGAL_PAGES = {
  notice: { tr: '/kvkk', en: '/en/data-protection' },
  privacy: { tr: '/gizlilik', en: '/en/privacy' },
  cookies: { tr: '/cerezler', en: '/en/cookies' },
} as const
export type LegalPageId = keyof typeof LEGAL_PAGES
