/**
 * Rate limits in public.rate_limit_hits, through the same SQL functions the Supabase adapter calls
 * over the Data API (supabase/migrations/*_rate_limits.sql). They count in the database's time,
 * not the adapter's clock: a limit is about real seconds passing.
 */
import type { RateLimitStore } from '../backend'
import { createCheckedRateLimitStore } from '../rate-limit-input'
import type { Database } from './db.server'

export function createRateLimitStore(db: Database): RateLimitStore {
  return createCheckedRateLimitStore({
    async call(fn, key, { max, windowSeconds }) {
      const { rows } = await db.query<{ wait: number }>(`select private.${fn}($1, $2, $3) as wait`, [key, max, windowSeconds])
      return rows[0]!.wait
    },
    async reset(key) {
      await db.query('delete from public.rate_limit_hits where key = $1', [key])
    },
  })
}
