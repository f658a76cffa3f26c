import type { Locale } from '~/domain/locales'
import { getLandingPageData } from './landing.functions'
import type { LandingPageData } from './landing.schemas'

/**
 * The landing route's data. The banner and the content each fall back on the server (the default
 * banner, the default texts), so the call itself does not fail there (docs/product.md#hero-banner).
 */
export function loadLandingPage(locale: Locale, preview = false): Promise<LandingPageData> {
  return getLandingPageData({ data: { locale, preview } })
}
