/**
 * Rate limiters; the limits themselves are named in src/lib/limits.ts (LIMITS.rate).
 *
 * createDatabaseRateLimiter counts in the database (Backend.rateLimits), so a limit survives
 * restarts and holds across server instances: use it for every limit. createRateLimiter is the
 * older in-process window, kept only while the sign-in limits still use it; it has the same
 * methods, synchronous. See docs/decisions/006-database-rate-limits.md.
 */
import { getBackend } from '~/backend/index.server'
import type { RateLimit, RateLimitStore } from '~/backend/backend'
import { LIMITS } from './limits'

export type { RateLimit } from '~/backend/backend'

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
 * Same call shape as createRateLimiter, asynchronous. Every limiter shares one table, so each
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

// ---------------------------------------------------------------------------------------------
// In-process sliding window: one process holds the counters and a restart forgets them.

export interface RateLimiter {
  /** Records one hit for `key`; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now?: number): number
  /** Seconds to wait without recording a hit. */
  check(key: string, now?: number): number
  reset(key: string): void
}

export function createRateLimiter(limit: RateLimit, maxKeys = 50_000): RateLimiter {
  const hits = new Map<string, number[]>()
  const windowMs = limit.windowSeconds * 1000

  function recent(key: string, now: number): number[] {
    const list = (hits.get(key) ?? []).filter((t) => now - t < windowMs)
    if (list.length === 0) hits.delete(key)
    else hits.set(key, list)
    return list
  }

  function retryAfter(list: number[], now: number): number {
    if (list.length < limit.max) return 0
    const oldest = list[list.length - limit.max] ?? now
    return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000))
  }

  return {
    hit(key, now = Date.now()) {
      const list = recent(key, now)
      const wait = retryAfter(list, now)
      if (wait > 0) return wait
      if (!hits.has(key) && hits.size >= maxKeys) {
        // Bounded memory: forget the oldest key rather than grow without limit.
        const first = hits.keys().next().value
        if (first !== undefined) hits.delete(first)
      }
      list.push(now)
      hits.set(key, list)
      return 0
    },
    check(key, now = Date.now()) {
      return retryAfter(recent(key, now), now)
    },
    reset(key) {
      hits.delete(key)
    },
  }
}
