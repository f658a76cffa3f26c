/**
 * Live banner changes, fed by one server-side Realtime channel. The app fans them out to
 * browsers over server-sent events, so browsers never load supabase-js
 * (docs/decisions/004-supabase-adapter.md).
 *
 * The channel is joined with the first listener and left with the last. Writes made through
 * this adapter are announced at once, as in the embedded adapter, and their Realtime echo is
 * dropped; writes made elsewhere (another server, the dashboard) arrive through Realtime.
 */
import type { RealtimeChannel } from '@supabase/supabase-js'
import type { BannerChange, BannerKey } from '../domain'
import type { Db } from './clients.server'
import { toPublicBanner, type BannerRow } from './rows.server'

export const BANNER_CHANNEL = 'hero-updates'

type Listener = (change: BannerChange) => void

export interface BannerFeed {
  subscribe(listener: Listener): () => void
  /** Tells every listener about a change; a change already told (its echo) is dropped. */
  announce(change: BannerChange): void
  close(): Promise<void>
}

function isBannerRow(value: unknown): value is BannerRow {
  const row = value as Partial<BannerRow> | null
  return typeof row?.key === 'string' && typeof row.updated_at === 'string' && row.image_url !== undefined
}

export function createBannerFeed(db: Db): BannerFeed {
  const listeners = new Set<Listener>()
  const lastTold = new Map<BannerKey, string>()
  let channel: RealtimeChannel | null = null
  // Joins and leaves run one after another: a channel being left still holds its topic,
  // and joining the same topic meanwhile would return the closing channel.
  let pending: Promise<void> = Promise.resolve()

  function announce(change: BannerChange) {
    const fingerprint = `${change.updatedAt} ${change.imageUrl ?? ''}`
    if (lastTold.get(change.key) === fingerprint) return
    lastTold.set(change.key, fingerprint)
    for (const listener of [...listeners]) {
      try {
        listener(change)
      } catch (error) {
        console.error('A banner change listener failed', error)
      }
    }
  }

  function forward(record: unknown) {
    if (!isBannerRow(record)) return
    try {
      announce(toPublicBanner(record))
    } catch (error) {
      console.warn('Ignored a Realtime change of hero_settings', error)
    }
  }

  function join(): RealtimeChannel {
    const table = { schema: 'public', table: 'hero_settings' } as const
    return db
      .channel(BANNER_CHANNEL)
      .on('postgres_changes', { event: 'UPDATE', ...table }, (payload) => forward(payload.new))
      .on('postgres_changes', { event: 'INSERT', ...table }, (payload) => forward(payload.new))
      .subscribe((status, error) => {
        // realtime-js rejoins by itself; the warning tells operators why updates pause.
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          console.warn(`Supabase Realtime channel ${BANNER_CHANNEL}: ${status}`, error?.message ?? '')
        }
      })
  }

  async function leave(old: RealtimeChannel) {
    const status = await db.removeChannel(old)
    if (status !== 'ok') old.teardown()
  }

  function sync() {
    pending = pending
      .then(async () => {
        if (listeners.size > 0 && !channel) {
          channel = join()
        } else if (listeners.size === 0 && channel) {
          const old = channel
          channel = null
          await leave(old)
        }
      })
      .catch((error: unknown) => console.warn('Supabase Realtime channel change failed', error))
  }

  return {
    subscribe(listener) {
      // A wrapper per call, so subscribing the same function twice needs two unsubscribes.
      const entry: Listener = (change) => listener(change)
      listeners.add(entry)
      sync()
      return () => {
        if (listeners.delete(entry)) sync()
      }
    },
    announce,
    async close() {
      listeners.clear()
      sync()
      await pending
      await db.removeAllChannels()
    },
  }
}
