/**
 * Rate limits through the service role: public.rate_limit_hit / rate_limit_check, the Data API's
 * doors to the SECURITY DEFINER functions in the unexposed `private` schema. One RPC per call,
 * atomic in the database (an advisory lock per key), so every server instance counts together.
 */
import type { RateLimitStore } from '../backend'
import { createCheckedRateLimitStore } from '../rate-limit-input'
import type { Db } from './clients.server'
import { SupabaseDataError, unwrapMaybe } from './errors.server'

export function createRateLimitStore(db: Db): RateLimitStore {
  return createCheckedRateLimitStore({
    async call(fn, key, { max, windowSeconds }) {
      const wait = unwrapMaybe(fn.replaceAll('_', ' '), await db.rpc(fn, { key, max, window_seconds: windowSeconds }))
      if (typeof wait !== 'number') throw new SupabaseDataError(fn.replaceAll('_', ' '), { message: 'no number returned' })
      return wait
    },
    async reset(key) {
      const { error } = await db.from('rate_limit_hits').delete().eq('key', key)
      if (error) throw new SupabaseDataError('rate limit reset', error)
    },
  })
}
