/**
 * Hero banners in public.hero_settings, with live changes announced in-process. The embedded
 * server is a single process (see lock.server.ts), so an EventEmitter reaches every subscriber;
 * this replaces Supabase Realtime's UPDATE events on the same table.
 */
import { EventEmitter } from 'node:events'
import type { BannerStore } from '../backend'
import {
  BANNER_BADGE,
  BANNER_KEYS,
  type Banner,
  type BannerChange,
  type BannerInput,
  type BannerKey,
  DEFAULT_BANNER_URL,
} from '../domain'
import type { Database } from './db.server'

interface BannerRow {
  key: BannerKey
  image_url: string | null
  title: string | null
  badge: string | null
  updated_at: Date
}

const COLUMNS = 'key, image_url, title, badge, updated_at'

function toBanner(row: BannerRow): Banner {
  return {
    key: row.key,
    imageUrl: row.image_url,
    title: row.title,
    badge: row.badge,
    updatedAt: row.updated_at.toISOString(),
  }
}

export function createBannerStore(db: Database): BannerStore {
  const events = new EventEmitter()
  // Every open admin page and public page may hold a subscription; there is no leak to warn about.
  events.setMaxListeners(0)

  function announce(banners: Banner[]): void {
    for (const { key, imageUrl, updatedAt } of banners) {
      events.emit('change', { key, imageUrl, updatedAt } satisfies BannerChange)
    }
  }

  async function upsert(inputs: BannerInput[]): Promise<Banner[]> {
    // updated_at is the database's (its default, and a trigger on update); one transaction gives
    // every row of a save the same stamp.
    const saved = await db.transaction(async (tx) => {
      const banners: Banner[] = []
      for (const input of inputs) {
        // Title and badge: the given value (null included); when not given, the stored one,
        // and for a missing row the domain's default (the badge; titles have none).
        const { rows } = await tx.query<BannerRow>(
          `insert into public.hero_settings as h (key, image_url, title, badge)
           values ($1, $2, $3, $4)
           on conflict (key) do update set
             image_url = excluded.image_url,
             title = case when $5 then excluded.title else h.title end,
             badge = case when $6 then excluded.badge else h.badge end
           returning ${COLUMNS}`,
          [
            input.key,
            input.imageUrl,
            input.title ?? null,
            input.badge === undefined ? BANNER_BADGE[input.key] : input.badge,
            input.title !== undefined,
            input.badge !== undefined,
          ],
        )
        banners.push(toBanner(rows[0]!))
      }
      return banners
    })
    announce(saved)
    return saved
  }

  return {
    async getPublic(key) {
      const { rows } = await db.query<BannerRow>('select key, image_url, updated_at from public.hero_settings where key = $1', [
        key,
      ])
      const row = rows[0]
      return row ? { key: row.key, imageUrl: row.image_url, updatedAt: row.updated_at.toISOString() } : null
    },

    async list() {
      const { rows } = await db.query<BannerRow>(`select ${COLUMNS} from public.hero_settings order by key`)
      return rows.map(toBanner)
    },

    upsert,

    reset() {
      return upsert(BANNER_KEYS.map((key) => ({ key, imageUrl: DEFAULT_BANNER_URL[key] })))
    },

    subscribe(listener) {
      // A failing subscriber (say, a closed SSE stream) must not stop the others from hearing it.
      const safe = (change: BannerChange) => {
        try {
          listener(change)
        } catch (error) {
          console.error('[banners] a change listener failed', error)
        }
      }
      events.on('change', safe)
      return () => {
        events.off('change', safe)
      }
    },
  }
}
