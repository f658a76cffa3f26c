/** What a save of the banner dialog carries: each banner's image URL and optional mobile image, with
 * their uploads' copies. */
import * as v from 'valibot'
import { toBannerImageVariants } from '~/backend/banner-images'
import type { BannerKey } from '~/domain/banners'
import { m } from '~/paraglide/messages'
import { BannerImageUrlSchema } from './banners.schemas'

/** The copies an upload answered with, as the dialog hands them back (null or absent: none). */
const VariantsSchema = v.optional(
  v.custom<unknown>(
    (value) => value === null || toBannerImageVariants(value) !== undefined,
    () => m.error_bad_request(),
  ),
  null,
)

/** One banner's images, each with its upload's copies; copies without their image are dropped. */
export const BannerImagesSchema = v.pipe(
  v.object(
    {
      imageUrl: BannerImageUrlSchema,
      imageVariants: VariantsSchema,
      mobileImageUrl: v.optional(BannerImageUrlSchema, ''),
      mobileImageVariants: VariantsSchema,
    },
    () => m.error_bad_request(),
  ),
  v.transform((images) => ({
    imageUrl: images.imageUrl,
    imageVariants: (images.imageUrl && toBannerImageVariants(images.imageVariants)) || null,
    mobileImageUrl: images.mobileImageUrl,
    mobileImageVariants: (images.mobileImageUrl && toBannerImageVariants(images.mobileImageVariants)) || null,
  })),
)

/** One save always carries both banners, so the two languages are published together. */
export const SaveBannersSchema = v.object(
  {
    'tr-banner': BannerImagesSchema,
    'en-banner': BannerImagesSchema,
  } satisfies Record<BannerKey, typeof BannerImagesSchema>,
  () => m.error_bad_request(),
)

export type SaveBannersInput = v.InferInput<typeof SaveBannersSchema>
