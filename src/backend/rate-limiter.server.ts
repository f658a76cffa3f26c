/**
 * Rate limiters; the limits themselves are named in src/lib/limits.ts (LIMITS.rate). They count
 * in the database (Backend.rateLimits), so a limit survives restarts and holds across server
 * instances. See docs/decisions/006-database-rate-limits.md.
 */
import { LIMITS } from '~/lib/limits'
import type { RateLimit, RateLimitStore } from './backend'
import { getBackend } from './index.server'

export type { RateLimit } from './backend'

export interface DatabaseRateLimiter {
  /** Records one hit for `key`; returns the seconds to wait when over the limit (nothing recorded), else 0. */
  hit(key: string): Promise<number>
  /** Seconds to wait, without recording a hit. */
  check(key: string): Promise<number>
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>
}

export interface DatabaseRateLimiterOptions {
  /** Namespace of the keys in the shared table; defaults to the limit's name in LIMITS.rate. */
  name?: string
  /** Where hits are counted; the app's backend unless a test passes its own. */
  store?: () => Promise<RateLimitStore>
}

/** The name under which `limit` appears in LIMITS.rate (the very object, not an equal copy). */
function nameInLimits(limit: RateLimit): string | undefined {
  return Object.entries(LIMITS.rate).find(([, named]) => named === limit)?.[0]
}

/**
 * One limiter per limit (the in-process createRateLimiter it replaced had the same call shape,
 * synchronous). Every limiter shares one table, so each
 * prefixes its keys with its name: `createDatabaseRateLimiter(LIMITS.rate.verifyPerIp)` counts
 * under `verifyPerIp:<ip>` and never mixes with `sendCodePerIp:<ip>`. A limit that is not in
 * LIMITS.rate needs an explicit `name`, so two limiters can never share keys by accident.
 */
export function createDatabaseRateLimiter(limit: RateLimit, options: DatabaseRateLimiterOptions = {}): DatabaseRateLimiter {
  const name = options.name ?? nameInLimits(limit)
  if (!name) throw new Error('createDatabaseRateLimiter: pass a limit from LIMITS.rate or give it a name')
  // Looked up on each call, not at import: the backend starts on first use.
  const store = options.store ?? (async () => (await getBackend()).rateLimits)
  const keyOf = (key: string) => `${name}:${key}`
  return {
    hit: async (key) => (await store()).hit(keyOf(key), limit),
    check: async (key) => (await store()).check(keyOf(key), limit),
    reset: async (key) => (await store()).reset(keyOf(key)),
  }
}
