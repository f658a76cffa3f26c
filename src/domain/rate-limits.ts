/** What a rate limit is, and the input every store checks before the database sees it. Imports nothing of the app. */

/** At most `max` hits per key in any `windowSeconds` (a sliding window). */
export interface RateLimit {
  max: number
  windowSeconds: number
}

/** The database column's bound (public.rate_limit_hits.key). */
export const RATE_LIMIT_KEY_MAX = 512

/** Every store checks its input the same way before the database sees it, so a programming error (a
 * fractional window, an empty key) fails with one clear message in every mode. */
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
