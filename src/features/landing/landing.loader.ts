import type { Locale } from '~/domain/locales'
import { getLandingPageData } from './landing.functions'
import type { LandingPageData } from './landing.schemas'

const FALLBACK: LandingPageData = { origin: null, banner: { imageUrl: null, updatedAt: null } }

/** The landing route's data; a failed call still renders the page, on the default banner (docs/product.md#hero-banner). */
export function loadLandingPage(locale: Locale): Promise<LandingPageData> {
  return getLandingPageData({ data: { locale } }).catch(() => FALLBACK)
}
