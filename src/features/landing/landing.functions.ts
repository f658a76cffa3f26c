import { createServerFn } from '@tanstack/react-start'
import { LandingPageInputSchema, type LandingPageData } from './landing.schemas'
import { readHeroBanner, siteOrigin } from './landing.server'
import { validate } from '~/lib/validate'

/** Public data of the landing page: no sign-in, nothing but the banner's public fields. */
export const getLandingPageData = createServerFn({ method: 'GET' })
  .validator(validate(LandingPageInputSchema))
  .handler(
    async ({ data }): Promise<LandingPageData> => ({
      origin: siteOrigin(),
      banner: await readHeroBanner(data.locale),
    }),
  )
