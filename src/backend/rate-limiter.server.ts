/** Rate limiting, in one module (decision 021). */
import { rateLimitAddress } from '~/domain/activity'
import { LIMITS } from '~/lib/limits'
import type { RateLimitStore } from './backend'
import { getBackend } from './get-backend.server'

export type RateLimitName = keyof typeof LIMITS.rate

export interface DatabaseRateLimiter {
  /** Records one hit for `key`; returns the seconds to wait when over the limit (nothing recorded), else 0. */
  hit(key: string): Promise<number>
  /** Seconds to wait, without recording a hit. */
  check(key: string): Promise<number>
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>
}

/** Where hits are counted: the app's backend, looked up on each call (it starts on first use). */
const backendStore = async (): Promise<RateLimitStore> => (await getBackend()).rateLimits

/** The limiter of `LIMITS.rate[name]`; a test passes its own store. */
export function rateLimiter(name: RateLimitName, store: () => Promise<RateLimitStore> = backendStore): DatabaseRateLimiter {
  const limit = LIMITS.rate[name]
  // Per-address limits count an IPv6 client by its /64: one subscriber holds the whole /64.
  const perAddress = name.endsWith('PerIp')
  const keyOf = (key: string) => `${name}:${perAddress ? rateLimitAddress(key) : key}`
  return {
    hit: async (key) => (await store()).hit(keyOf(key), limit),
    check: async (key) => (await store()).check(keyOf(key), limit),
    reset: async (key) => (await store()).reset(keyOf(key)),
  }
}

/** Counts one hit on every key, or none when any of them is already over its limit. Returns the seconds to wait (0: go on). */
export async function hitAll(entries: [DatabaseRateLimiter, string][]): Promise<number> {
  const wait = Math.max(0, ...(await Promise.all(entries.map(([limiter, key]) => limiter.check(key)))))
  if (wait > 0) return wait
  // Two requests may pass the check together; the store still lets only `max` hits in.
  return Math.max(0, ...(await Promise.all(entries.map(([limiter, key]) => limiter.hit(key)))))
}
