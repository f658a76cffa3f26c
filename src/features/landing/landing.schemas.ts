import * as v from 'valibot'
import { BANNER_KEYS, type BannerImageExtras } from '~/domain/banners'
import { LOCALES } from '~/domain/locales'

export const LandingPageInputSchema = v.object({ locale: v.picklist(LOCALES) })
export type LandingPageInput = v.InferOutput<typeof LandingPageInputSchema>

/** The `key` query parameter of /api/banner-events. */
export const BannerEventsQuerySchema = v.object({ key: v.picklist(BANNER_KEYS) })

/** What the landing page needs from the server before it renders. */
export interface LandingPageData {
  /** Origin for canonical and hreflang links: SITE_URL when set, else the request's. */
  origin: string | null
  /** The stored banner of the page's language, with its copies and mobile image when it has them. */
  banner: BannerImageExtras & { imageUrl: string | null; updatedAt: string | null }
}
