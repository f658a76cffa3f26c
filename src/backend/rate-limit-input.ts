import type { RateLimitStore } from './backend'
import type { RateLimit } from './domain'

/** The database column's bound (public.rate_limit_hits.key). */
export const RATE_LIMIT_KEY_MAX = 512

/**
 * Both adapters check their input the same way before the database sees it, so a programming
 * error (a fractional window, an empty key) fails with one clear message on either backend.
 */
export function assertRateLimitInput(key: string, limit?: RateLimit): void {
  if (key.length === 0 || key.length > RATE_LIMIT_KEY_MAX) {
    throw new RangeError(`Rate limit key must be 1 to ${RATE_LIMIT_KEY_MAX} characters long`)
  }
  if (limit && !(isPositiveInt(limit.max) && isPositiveInt(limit.windowSeconds))) {
    throw new RangeError(`Rate limit needs whole numbers max >= 1 and windowSeconds >= 1 (got ${JSON.stringify(limit)})`)
  }
}

function isPositiveInt(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1
}

/** The two SQL functions behind every rate limit (supabase/migrations/*_rate_limits.sql). */
export type RateLimitFunction = 'rate_limit_hit' | 'rate_limit_check'

/**
 * A RateLimitStore from an adapter's two ways of reaching the database: `call` runs one of the
 * SQL functions and returns its wait in seconds, `reset` deletes a key's hits. Inputs are
 * checked here, once for both adapters.
 */
export function createCheckedRateLimitStore(db: {
  call(fn: RateLimitFunction, key: string, limit: RateLimit): Promise<number>
  reset(key: string): Promise<void>
}): RateLimitStore {
  return {
    async hit(key, limit) {
      assertRateLimitInput(key, limit)
      return db.call('rate_limit_hit', key, limit)
    },
    async check(key, limit) {
      assertRateLimitInput(key, limit)
      return db.call('rate_limit_check', key, limit)
    },
    async reset(key) {
      assertRateLimitInput(key)
      return db.reset(key)
    },
  }
}
