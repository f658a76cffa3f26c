/** Rate limits in public.rate_limit_hits, through the SQL functions of the rate-limits migration.
 * They count in the database's time, not the store's clock: a limit is about real seconds passing,
 * and every server instance shares the one clock. */
import { assertRateLimitInput, type RateLimit } from '~/domain/rate-limits'
import type { RateLimitStore } from '../backend'
import type { Sql } from './client'

export function createRateLimitStore(db: Sql): RateLimitStore {
  async function call(fn: 'rate_limit_hit' | 'rate_limit_check', key: string, limit: RateLimit): Promise<number> {
    assertRateLimitInput(key, limit)
    const { rows } = await db.query<{ wait: number }>(`select private.${fn}($1, $2, $3) as wait`, [
      key,
      limit.max,
      limit.windowSeconds,
    ])
    return rows[0]!.wait
  }
  return {
    hit: (key, limit) => call('rate_limit_hit', key, limit),
    check: (key, limit) => call('rate_limit_check', key, limit),
    async reset(key) {
      assertRateLimitInput(key)
      await db.query('delete from public.rate_limit_hits where key = $1', [key])
    },
  }
}
