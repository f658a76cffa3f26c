import { BANNER_BY_LOCALE, DEFAULT_BANNER_URL, type Locale } from '~/backend/domain'

/** The intrinsic size of the default banners; stored banners are drawn into the same box. */
export const HERO_IMAGE_SIZE = { width: 1600, height: 520 } as const

export function defaultHeroUrl(locale: Locale): string {
  return DEFAULT_BANNER_URL[BANNER_BY_LOCALE[locale]]
}

/**
 * Lighter WebP copies of the default banners (public/uploads), offered through <picture> while
 * the default is shown: phones load the 800 px one instead of the 1600 px PNG.
 */
export function defaultHeroWebpSrcSet(locale: Locale): string {
  const base = defaultHeroUrl(locale).replace(/\.png$/, '')
  return `${base}-800.webp 800w, ${base}-1600.webp 1600w`
}

/** The stored URL when there is one, else the language's default (spec §4). */
export function heroUrl(locale: Locale, storedUrl: string | null | undefined): string {
  const url = storedUrl?.trim()
  return url ? url : defaultHeroUrl(locale)
}

/** Appends the version stamp a live update carries, so the browser fetches the new image. */
export function withVersion(url: string, stamp: string | number): string {
  const [path = '', hash] = url.split('#', 2)
  const joined = `${path}${path.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(stamp))}`
  return hash === undefined ? joined : `${joined}#${hash}`
}
