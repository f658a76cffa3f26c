import { queryOptions } from '@tanstack/react-query'
import { BANNER_KEYS, type Banner, type BannerImageVariants, type BannerKey } from '~/domain/banners'
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

/** One banner in the dialog: the two URL fields as typed, and the copies an upload made of each. */
export interface BannerFormValue {
  imageUrl: string
  imageVariants: BannerImageVariants | null
  mobileImageUrl: string
  mobileImageVariants: BannerImageVariants | null
}

export type BannerFormValues = Record<BannerKey, BannerFormValue>

/** The dialog's values: each banner's stored images, empty when it has none. */
export function toBannerFormValues(banners: Banner[] | undefined): BannerFormValues {
  const values = {} as BannerFormValues
  for (const key of BANNER_KEYS) {
    const banner = banners?.find((b) => b.key === key)
    values[key] = {
      imageUrl: banner?.imageUrl ?? '',
      imageVariants: banner?.imageVariants ?? null,
      mobileImageUrl: banner?.mobileImageUrl ?? '',
      mobileImageVariants: banner?.mobileImageVariants ?? null,
    }
  }
  return values
}
