/** Banner server functions for the admin dialog: validate → requireAdmin → backend. Uploads are a
 * server route (routes/api/banner-upload.ts). */
import { createServerFn } from '@tanstack/react-start'
import { BANNER_BADGE, BANNER_KEYS, type Banner, DEFAULT_BANNER_TITLE } from '~/domain/banners'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { validate } from '~/lib/validate'
import { actingAs } from '~/features/activity/acting.server'
import { removeUnusedUploads } from './remove-unused-uploads.server'
import { SaveBannersSchema } from './save-banners.schemas'

/** Both banner rows, ordered by key (a key without a row is simply absent). */
export const listBanners = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<Banner[]> => {
    const backend = await getBackend()
    return backend.banners.list()
  })

/** Upserts both rows at once (key, image_url and the mobile image with their copies, title, badge; the store sets updated_at). */
export const saveBanners = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SaveBannersSchema, { message: 'first-issue' }))
  .handler(async ({ data, context }): Promise<Banner[]> => {
    const backend = await getBackend()
    const banners = await backend.banners.upsert(
      BANNER_KEYS.map((key) => ({
        key,
        ...data[key],
        title: DEFAULT_BANNER_TITLE[key],
        badge: BANNER_BADGE[key],
      })),
      actingAs(context.user.email),
    )
    await removeUnusedUploads(backend)
    return banners
  })

/** Points both banners back at the images shipped with the app. */
export const resetBanners = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .handler(async ({ context }): Promise<Banner[]> => {
    const backend = await getBackend()
    const banners = await backend.banners.reset(actingAs(context.user.email))
    await removeUnusedUploads(backend)
    return banners
  })
