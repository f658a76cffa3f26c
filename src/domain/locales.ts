/** The site's languages. The ground floor: imports nothing of the app (docs/decisions/150-code-structure.md). */
export const LOCALES = ['tr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
