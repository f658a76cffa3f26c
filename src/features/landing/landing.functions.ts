import { createServerFn } from '@tanstack/react-start'
import { LandingPageInputSchema, type LandingPageData } from './landing.schemas'
import { readHeroBanner, readPageContent, siteOrigin } from './landing.server'
import { validate } from '~/lib/validate'

/**
 * Public data of the landing page: no sign-in, nothing but the banner's public fields and the
 * published content. `preview` shows a signed-in admin the draft; anyone else gets the page as published.
 */
export const getLandingPageData = createServerFn({ method: 'GET' })
  .validator(validate(LandingPageInputSchema))
  .handler(async ({ data }): Promise<LandingPageData> => {
    const [banner, page] = await Promise.all([readHeroBanner(data.locale), readPageContent(data.locale, data.preview)])
    return { origin: siteOrigin(), banner, ...page }
  })
