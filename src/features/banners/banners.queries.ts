import { queryOptions } from '@tanstack/react-query'
import { BANNER_KEYS, type Banner, type BannerKey } from '~/backend/domain'
import { listBanners } from './banners.functions'

export const bannersQueryKey = ['banners', 'admin'] as const

/** Both banner rows for the admin dialog; always fetched fresh when the dialog opens. */
export function bannersQueryOptions() {
  return queryOptions({
    queryKey: bannersQueryKey,
    queryFn: () => listBanners(),
    staleTime: 0,
    retry: 1,
  })
}

export type BannerUrls = Record<BannerKey, string>

/** The dialog's field values: each banner's stored URL, empty when it has none. */
export function toBannerUrls(banners: Banner[] | undefined): BannerUrls {
  const urls = {} as BannerUrls
  for (const key of BANNER_KEYS) urls[key] = banners?.find((b) => b.key === key)?.imageUrl ?? ''
  return urls
}
