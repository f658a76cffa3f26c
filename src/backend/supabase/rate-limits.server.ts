/**
 * Rate limits through the service role: public.rate_limit_hit / rate_limit_check, the Data API's
 * doors to the SECURITY DEFINER functions in the unexposed `private` schema. One RPC per call,
 * atomic in the database (an advisory lock per key), so every server instance counts together.
 */
import type { RateLimitStore } from '../backend'
import { assertRateLimitInput } from '../rate-limit-input'
import type { Db } from './clients.server'
import { SupabaseDataError, unwrapMaybe } from './errors.server'

export function createRateLimitStore(db: Db): RateLimitStore {
  async function call(fn: 'rate_limit_hit' | 'rate_limit_check', key: string, max: number, windowSeconds: number) {
    const wait = unwrapMaybe(fn.replaceAll('_', ' '), await db.rpc(fn, { key, max, window_seconds: windowSeconds }))
    if (typeof wait !== 'number') throw new SupabaseDataError(fn.replaceAll('_', ' '), { message: 'no number returned' })
    return wait
  }
  return {
    async hit(key, limit) {
      assertRateLimitInput(key, limit)
      return call('rate_limit_hit', key, limit.max, limit.windowSeconds)
    },
    async check(key, limit) {
      assertRateLimitInput(key, limit)
      return call('rate_limit_check', key, limit.max, limit.windowSeconds)
    },
    async reset(key) {
      assertRateLimitInput(key)
      const { error } = await db.from('rate_limit_hits').delete().eq('key', key)
      if (error) throw new SupabaseDataError('rate limit reset', error)
    },
  }
}
