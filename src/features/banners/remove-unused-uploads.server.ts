import type { Backend } from '~/backend/backend'
import { bannerFileUrls } from '~/backend/banner-images'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'

/** After a banner save: deletes uploads no banner shows, over a day old (younger may be unsaved); best effort. */
export async function removeUnusedUploads(
  backend: Pick<Backend, 'banners' | 'storage'> & { content: Pick<Backend['content'], 'images'> },
  now = new Date(),
): Promise<void> {
  try {
    const [banners, pictures] = await Promise.all([backend.banners.list(), backend.content.images()])
    // The site content's pictures too: any version may be restored, so each keeps its files.
    const keepUrls = [
      ...banners.flatMap(bannerFileUrls),
      ...pictures.flatMap((picture) => bannerFileUrls({ imageUrl: picture.url, imageVariants: picture.variants })),
    ]
    const storedBefore = new Date(now.getTime() - LIMITS.upload.unusedKeepSeconds * 1000)
    const removed = await backend.storage.removeUnused({ keepUrls, storedBefore })
    if (removed.length > 0) log().info({ removed: removed.length }, 'uploads: removed unused banner images')
  } catch (error) {
    log().error({ err: error }, 'uploads: could not remove unused banner images')
  }
}
