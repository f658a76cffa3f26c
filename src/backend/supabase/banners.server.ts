/** Hero banners through the service role: public reads and admin writes both reach us authorized. */
import type { BannerStore } from '../backend'
import { BANNER_BADGE, BANNER_KEYS, DEFAULT_BANNER_URL, type Banner, type BannerInput, type BannerKey } from '../domain'
import type { BannerFeed } from './banner-feed.server'
import type { Db } from './clients.server'
import { unwrap, unwrapMaybe } from './errors.server'
import { BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, toBanner, toPublicBanner, type BannerRow } from './rows.server'

/** The titles of the banner dialog, as the schema migration seeds them; used for a missing row. */
export const BANNER_TITLE: Record<BannerKey, string> = {
  'tr-banner': 'Türkçe Banner',
  'en-banner': 'English Banner',
}

/** One row per key, the last input winning: Postgres refuses to upsert a key twice at once. */
function lastPerKey(inputs: BannerInput[]): BannerInput[] {
  return [...new Map(inputs.map((input) => [input.key, input])).values()]
}

/**
 * The full row to write. Title and badge: the given value (null included); when not given,
 * the stored one; for a missing row, the default. PostgREST's upsert writes every column it
 * is sent, so the stored values are read first and sent back unchanged.
 */
function rowFor(input: BannerInput, stored: Pick<BannerRow, 'title' | 'badge'> | undefined) {
  // No updated_at: the database sets it (column default, and a trigger on every update).
  return {
    key: input.key,
    image_url: input.imageUrl,
    title: input.title !== undefined ? input.title : stored ? stored.title : BANNER_TITLE[input.key],
    badge: input.badge !== undefined ? input.badge : stored ? stored.badge : BANNER_BADGE[input.key],
  }
}

export function createBannerStore(db: Db, feed: BannerFeed): BannerStore {
  async function upsert(inputs: BannerInput[]): Promise<Banner[]> {
    const rows = lastPerKey(inputs)
    if (rows.length === 0) return []
    const keys = rows.map((row) => row.key)
    const stored = unwrap('read banners', await db.from('hero_settings').select('key,title,badge').in('key', keys))
    const storedByKey = new Map(stored.map((row) => [row.key, row]))
    const saved = unwrap(
      'save banners',
      await db
        .from('hero_settings')
        .upsert(
          rows.map((input) => rowFor(input, storedByKey.get(input.key))),
          { onConflict: 'key' },
        )
        .select(BANNER_COLUMNS),
    )
    // In the order asked for, as the embedded adapter answers.
    const savedByKey = new Map(saved.map((row) => [row.key, toBanner(row)]))
    const banners = keys.flatMap((key) => savedByKey.get(key) ?? [])
    for (const { key, imageUrl, updatedAt: at } of banners) feed.announce({ key, imageUrl, updatedAt: at })
    return banners
  }

  return {
    async getPublic(key) {
      const row = unwrapMaybe(
        'read banner',
        await db.from('hero_settings').select(PUBLIC_BANNER_COLUMNS).eq('key', key).maybeSingle(),
      )
      return row ? toPublicBanner(row) : null
    },

    async list() {
      const rows = unwrap('list banners', await db.from('hero_settings').select(BANNER_COLUMNS).order('key'))
      return rows.map(toBanner)
    },

    upsert,

    // Only the image changes; title and badge stay as stored.
    reset: () => upsert(BANNER_KEYS.map((key) => ({ key, imageUrl: DEFAULT_BANNER_URL[key] }))),

    subscribe: (listener) => feed.subscribe(listener),
  }
}
