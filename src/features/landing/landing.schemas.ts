import * as v from 'valibot'
import { BANNER_KEYS, type BannerImageExtras } from '~/domain/banners'
import { LOCALES } from '~/domain/locales'
import type { PageContent } from '~/domain/site-content'

export const LandingPageInputSchema = v.object({ locale: v.picklist(LOCALES), preview: v.optional(v.boolean(), false) })
export type LandingPageInput = v.InferOutput<typeof LandingPageInputSchema>

/** The `key` query parameter of /api/banner-events. */
export const BannerEventsQuerySchema = v.object({ key: v.picklist(BANNER_KEYS) })

/** What the landing page needs from the server before it renders. */
export interface LandingPageData {
  /** Origin for canonical and hreflang links: SITE_URL when set, else the request's. */
  origin: string | null
  /** The stored banner of the page's language, with its copies and mobile image when it has them. */
  banner: BannerImageExtras & { imageUrl: string | null; updatedAt: string | null }
  /** The page's texts and facts in its language: the published content, or a signed-in admin's preview of the draft. */
  content: PageContent
  /** Set when `content` is the draft (or, with no draft saved, what is live) shown to an admin as a preview. */
  preview: { draft: boolean } | null
}
