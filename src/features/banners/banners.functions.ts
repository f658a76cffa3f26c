/**
 * Banner server functions for the admin dialog: validate → authorize (requireAdmin) → call the
 * backend. Every write goes through BannerStore, which announces the change to the public
 * pages' live channel. Uploads are a server route instead (see routes/api/banner-upload.ts).
 */
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { BANNER_BADGE, BANNER_KEYS, type Banner } from '~/backend/domain'
import { getBackend } from '~/backend/index.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { BANNER_TITLE } from './banners.schemas'
import { removeUnusedUploads } from './remove-unused-uploads.server'
import { SaveBannersSchema } from './save-banners.schemas'

/** Valibot's own message for the first problem, with one message per field for the form. */
function parseOrExplain<const TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const fields: Record<string, string> = {}
  for (const issue of result.issues) {
    const path = v.getDotPath(issue)
    if (path && !fields[path]) fields[path] = issue.message
  }
  throw new AppError(400, 'bad_request', result.issues[0].message, fields)
}

/** Both banner rows, ordered by key (a key without a row is simply absent). */
export const listBanners = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<Banner[]> => {
    const backend = await getBackend()
    return backend.banners.list()
  })

/**
 * Upserts both rows at once (key, image_url and the mobile image with their copies, title, badge;
 * the store sets updated_at).
 */
export const saveBanners = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator((data: unknown) => parseOrExplain(SaveBannersSchema, data))
  .handler(async ({ data }): Promise<Banner[]> => {
    const backend = await getBackend()
    const banners = await backend.banners.upsert(
      BANNER_KEYS.map((key) => ({
        key,
        ...data[key],
        title: BANNER_TITLE[key],
        badge: BANNER_BADGE[key],
      })),
    )
    await removeUnusedUploads(backend)
    return banners
  })

/** Points both banners back at the images shipped with the app. */
export const resetBanners = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .handler(async (): Promise<Banner[]> => {
    const backend = await getBackend()
    const banners = await backend.banners.reset()
    await removeUnusedUploads(backend)
    return banners
  })
