/**
 * Rate limits in public.rate_limit_hits, through the SQL functions of the rate-limits migration.
 * They count in the database's time, not the store's clock: a limit is about real seconds passing,
 * and every server instance shares the one clock.
 */
import type { RateLimitStore } from '../backend'
import { createCheckedRateLimitStore } from '../rate-limit-input'
import type { Sql } from './client'

export function createRateLimitStore(db: Sql): RateLimitStore {
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
