/** The site's languages. The ground floor: imports nothing of the app (docs/decisions/165-domain-ground-floor.md). */
export const LOCALES = ['tr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
