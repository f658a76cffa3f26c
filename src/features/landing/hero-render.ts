import type { Locale } from '~/domain/locales'
import { type HeroBanner, heroPicture } from './hero-image'

export const HERO_FALLBACK_WARNING = 'Hero image failed to load, using fallback'
export const HERO_IMAGE_SELECTOR = '#hero-title img'

/** Shows `banner` in the server-rendered hero: its sources and image, `stamp` as the `v` parameter. */
export function renderHero(locale: Locale, banner: HeroBanner, stamp?: number): void {
  const img = document.querySelector<HTMLImageElement>(HERO_IMAGE_SELECTOR)
  const holder = img?.parentElement
  if (!(img && holder)) return
  const picture = heroPicture(locale, banner, stamp)
  for (const old of holder.querySelectorAll('source')) old.remove()
  for (const { media, type, srcSet, sizes } of picture.sources) {
    const source = document.createElement('source')
    if (media) source.media = media
    if (type) source.type = type
    if (sizes) source.sizes = sizes
    source.srcset = srcSet
    holder.insertBefore(source, img)
  }
  img.src = picture.src
}

/** A banner that failed to load gives way to the language's default, with a warning; the default
 * failing changes nothing. Whether it fell back. */
export function fallBackHero(locale: Locale, shown: HeroBanner): boolean {
  if (heroPicture(locale, shown).isDefault && !shown.mobileImageUrl) return false
  console.warn(HERO_FALLBACK_WARNING)
  renderHero(locale, { imageUrl: null })
  return true
}
