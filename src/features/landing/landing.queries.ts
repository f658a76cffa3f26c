import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/backend/domain'
import { getLandingPageData } from './landing.functions'
import type { LandingPageData } from './landing.schemas'

const FALLBACK: LandingPageData = { origin: null, banner: { imageUrl: null, updatedAt: null } }

export const landingPageQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['landing-page', locale],
    // A failed call still renders the page, on the default banner (spec §8).
    queryFn: () => getLandingPageData({ data: { locale } }).catch(() => FALLBACK),
    staleTime: 60_000,
  })
