import type { Backend } from '~/backend/backend'
import { bannerFileUrls } from '~/backend/banner-images'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'

/** After a banner save: deletes uploaded images that no banner shows and that are older than a day
 * (an upload not yet saved in an open dialog is younger); a shown image keeps its responsive copies
 * and its mobile image. Best effort: a failure is logged and the save that triggered it stands. */
export async function removeUnusedUploads(backend: Pick<Backend, 'banners' | 'storage'>, now = new Date()): Promise<void> {
  try {
    const banners = await backend.banners.list()
    const keepUrls = banners.flatMap(bannerFileUrls)
    const storedBefore = new Date(now.getTime() - LIMITS.upload.unusedKeepSeconds * 1000)
    const removed = await backend.storage.removeUnused({ keepUrls, storedBefore })
    if (removed.length > 0) log().info({ removed: removed.length }, 'uploads: removed unused banner images')
  } catch (error) {
    log().error({ err: error }, 'uploads: could not remove unused banner images')
  }
}
