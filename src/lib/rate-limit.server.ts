/**
 * In-process sliding-window rate limiter. Limits are named in src/lib/limits.ts.
 * One process holds the counters: behind several instances, put the limits in front
 * (a proxy) or move them to a shared store (see docs/decisions/).
 */
export interface RateLimit {
  max: number
  windowSeconds: number
}

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
