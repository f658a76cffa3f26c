/** Hero banners in public.hero_settings. A trigger NOTIFYs every change, so changes made elsewhere
 * (another instance, the CLI, SQL by hand) reach this process's subscribers too (decision 040). */
import type { ActedBy, BannerStore } from '../backend'
import { recordActivity } from './activity.server'
import {
  BANNER_BADGE,
  BANNER_KEYS,
  type Banner,
  type BannerChange,
  type BannerInput,
  type BannerKey,
  DEFAULT_BANNER_TITLE,
  DEFAULT_BANNER_URL,
  type PublicBanner,
  lastInputPerKey,
  toBannerChange,
} from '~/domain/banners'
import { bannerImageExtras } from '../banner-images'
import type { Sql, SqlDatabase } from './client'
import { createNotifyFeed } from './notify-feed.server'
import { log } from '~/lib/log.server'

/** The channel of the NOTIFY trigger on public.hero_settings. */
export const BANNER_CHANNEL = 'banner_changes'

interface BannerRow {
  key: BannerKey
  image_url: string | null
  image_variants: unknown
  mobile_image_url: string | null
  mobile_image_variants: unknown
  title: string | null
  badge: string | null
  updated_at: Date
}

const PUBLIC_COLUMNS = 'key, image_url, image_variants, mobile_image_url, mobile_image_variants, updated_at'
const COLUMNS = `${PUBLIC_COLUMNS}, title, badge`

function toPublicBanner(row: BannerRow): PublicBanner {
  return {
    key: row.key,
    imageUrl: row.image_url,
    updatedAt: row.updated_at.toISOString(),
    ...bannerImageExtras({
      imageVariants: row.image_variants,
      mobileImageUrl: row.mobile_image_url,
      mobileImageVariants: row.mobile_image_variants,
    }),
  }
}

function toBanner(row: BannerRow): Banner {
  const { key, imageUrl, updatedAt, ...extras } = toPublicBanner(row)
  return { key, imageUrl, title: row.title, badge: row.badge, updatedAt, ...extras }
}

async function readPublic(db: Sql, key: BannerKey): Promise<PublicBanner | null> {
  const { rows } = await db.query<BannerRow>(`select ${PUBLIC_COLUMNS} from public.hero_settings where key = $1`, [key])
  return rows[0] ? toPublicBanner(rows[0]) : null
}

/** A row too large to travel in a notification: the trigger names it, and the row is read. */
interface BannerNotice {
  partial: true
  key: BannerKey
}

/** The trigger's payload: the public change, or `{ key, updatedAt, partial: true }` when too large; else null. */
export function parseBannerNotification(payload: string): BannerChange | BannerNotice | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>
    if (!BANNER_KEYS.includes(value.key as BannerKey)) return null
    const key = value.key as BannerKey
    const at = new Date(String(value.updatedAt))
    if (Number.isNaN(at.getTime())) return null
    if (value.partial === true) return { partial: true, key }
    if (value.imageUrl !== null && typeof value.imageUrl !== 'string') return null
    return { key, imageUrl: value.imageUrl, updatedAt: at.toISOString(), ...bannerImageExtras(value) }
  } catch {
    return null
  }
}

/** How many told changes the feed remembers to drop their echoes: far more than saves in flight. */
const TOLD_REMEMBERED = 256

/** Banner changes, from this process's saves and the database's NOTIFYs, each told once. */
function createBannerFeed(db: SqlDatabase) {
  // Changes told, oldest first: a save's echo may come after later saves, so the last change alone is not enough.
  const told = new Set<string>()
  const feed = createNotifyFeed<BannerChange>(db, {
    channel: BANNER_CHANNEL,
    label: 'banners',
    hear(payload) {
      const notice = parseBannerNotification(payload)
      if (!notice) log().warn('banners: ignored a malformed notification')
      else if (!('partial' in notice)) announce(notice)
      else {
        readPublic(db, notice.key)
          .then((row) => row && announce(toBannerChange(row)))
          .catch((error: Error) => log().warn({ err: error }, 'banners: cannot read a changed banner'))
      }
    },
  })

  function announce(change: BannerChange): void {
    const fingerprint = `${change.key} ${change.updatedAt} ${change.imageUrl ?? ''}`
    if (told.has(fingerprint)) return
    told.add(fingerprint)
    if (told.size > TOLD_REMEMBERED) told.delete(told.values().next().value as string)
    feed.tell(change)
  }

  return { ...feed, announce }
}

export type BannerStoreWithFeed = BannerStore & {
  /** Resolves once changes made elsewhere are being heard (tests; the server's start). */
  listening(): Promise<void>
  close(): Promise<void>
}

export function createBannerStore(db: SqlDatabase): BannerStoreWithFeed {
  const feed = createBannerFeed(db)

  async function upsert(inputs: BannerInput[], by?: ActedBy): Promise<Banner[]> {
    const saved = await db.transaction(async (tx) => {
      const banners: Banner[] = []
      for (const input of lastInputPerKey(inputs)) banners.push(await upsertOne(tx, input))
      if (by) {
        const images = Object.fromEntries(banners.map((b) => [b.key, { imageUrl: b.imageUrl, mobileImageUrl: b.mobileImageUrl }]))
        await recordActivity(tx, { ...by, action: 'banner.change', detail: images })
      }
      return banners
    })
    for (const banner of saved) feed.announce(toBannerChange(banner))
    return saved
  }

  return {
    getPublic: (key) => readPublic(db, key),

    async list() {
      const { rows } = await db.query<BannerRow>(`select ${COLUMNS} from public.hero_settings order by key`)
      return rows.map(toBanner)
    },

    upsert,

    // Only the images change (the default, without a mobile image); title and badge stay as stored.
    reset: (by) =>
      upsert(
        BANNER_KEYS.map((key) => ({ key, imageUrl: DEFAULT_BANNER_URL[key], mobileImageUrl: null })),
        by,
      ),

    subscribe: feed.subscribe,
    listening: feed.listening,
    close: feed.close,
  }
}

/** A variants description as a jsonb parameter: only with its image. */
function variantsParam(url: string | null | undefined, variants: BannerInput['imageVariants']): string | null {
  return url && variants ? JSON.stringify(variants) : null
}

/** Title, badge and mobile image: the given value (null included), else the stored one, else the default. */
async function upsertOne(tx: Sql, input: BannerInput): Promise<Banner> {
  const { rows } = await tx.query<BannerRow>(
    `insert into public.hero_settings as h
       (key, image_url, image_variants, mobile_image_url, mobile_image_variants, title, badge)
     values ($1, $2, $3::jsonb, $4, $5::jsonb, $6, $7)
     on conflict (key) do update set
       image_url = excluded.image_url,
       image_variants = excluded.image_variants,
       mobile_image_url = case when $8 then excluded.mobile_image_url else h.mobile_image_url end,
       mobile_image_variants = case when $8 then excluded.mobile_image_variants else h.mobile_image_variants end,
       title = case when $9 then excluded.title else h.title end,
       badge = case when $10 then excluded.badge else h.badge end
     returning ${COLUMNS}`,
    [
      input.key,
      input.imageUrl,
      variantsParam(input.imageUrl, input.imageVariants),
      input.mobileImageUrl ?? null,
      variantsParam(input.mobileImageUrl, input.mobileImageVariants),
      input.title === undefined ? DEFAULT_BANNER_TITLE[input.key] : input.title,
      input.badge === undefined ? BANNER_BADGE[input.key] : input.badge,
      input.mobileImageUrl !== undefined,
      input.title !== undefined,
      input.badge !== undefined,
    ],
  )
  return toBanner(rows[0]!)
}
