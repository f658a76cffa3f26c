/** The browser's stand-in for Paraglide's compiled runtime (swapped in by vite.config.ts, client build
 * only): the exports browser code uses, for this site's address patterns only (decision 013). */
import { LOCALES, type Locale } from '~/domain/locales'
import { LEGAL_PAGES } from './legal-pages'

export const baseLocale: Locale = 'tr'
export const locales = LOCALES
export const cookieName = 'PARAGLIDE_LOCALE'
export const cookieMaxAge = 34_560_000
export const experimentalStaticLocale: Locale | undefined = undefined

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale)
}

/** The server rendered the document in its reader's language (URL, then cookie) and said so in
 * `<html lang>`; the page never changes language without a document load. */
export function getLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : baseLocale
}

/** The admin pages keep one address whatever the language (and follow the cookie). */
const UNLOCALIZED = /^\/admin(\/|$)/
const LEGAL = Object.values(LEGAL_PAGES)

/** The address in `locale` (null: the base form), pattern by pattern as i18n-config.ts lists them. */
function pathIn(path: string, locale: Locale | null): string {
  if (UNLOCALIZED.test(path)) return path
  if (path === '/' || path === '/en') return locale === 'en' ? '/en' : '/'
  const legal = LEGAL.find((page) => page.tr === path || page.en === path)
  if (legal) return locale === 'en' ? legal.en : legal.tr
  const rest = path.startsWith('/en/') ? path.slice(4) : path.slice(1)
  return locale === 'en' ? `/en/${rest}` : `/${rest}`
}

export function deLocalizeUrl(url: URL | string): URL {
  const out = new URL(url)
  out.pathname = pathIn(out.pathname, null)
  return out
}

export function localizeUrl(url: URL | string, options?: { locale?: Locale }): URL {
  const out = new URL(url)
  out.pathname = pathIn(out.pathname, options?.locale ?? getLocale())
  return out
}

export function localizeHref(href: string, options?: { locale?: Locale }): string {
  const url = new URL(href, window.location.origin)
  const localized = localizeUrl(url, options)
  return href.startsWith('/') ? localized.pathname + localized.search + localized.hash : localized.href
}

/** Remembers the language in the cookie; unless told not to, shows the page in it (admin: reloaded). */
export function setLocale(locale: Locale, options?: { reload?: boolean }): void {
  const current = getLocale()
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie as Paraglide's runtime writes it (the server reads it).
  document.cookie = `${cookieName}=${locale}; path=/; max-age=${cookieMaxAge}`
  if (options?.reload === false || locale === current) return
  if (UNLOCALIZED.test(window.location.pathname)) window.location.reload()
  else window.location.href = localizeUrl(window.location.href, { locale }).href
}
