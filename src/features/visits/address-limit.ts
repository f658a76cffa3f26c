/** The beacon's limit per salted address key, a fixed window in this instance's memory (decision 241);
 * at most `maxKeys` addresses a window, a new one beyond them waits for the next. */
export interface AddressLimitOptions {
  max: number
  windowSeconds: number
  maxKeys: number
  now?: () => number
}

/** Returns a hit function: 0 when the hit is counted, else the seconds to wait (nothing counted). */
export function createAddressLimit({ max, windowSeconds, maxKeys, now = Date.now }: AddressLimitOptions) {
  const windowMs = windowSeconds * 1000
  let started = now()
  let counts = new Map<string, number>()
  return (key: string): number => {
    const at = now()
    if (at - started >= windowMs) {
      started = at
      counts = new Map()
    }
    const count = counts.get(key) ?? 0
    if (count >= max || (count === 0 && counts.size >= maxKeys)) return Math.max(1, Math.ceil((started + windowMs - at) / 1000))
    counts.set(key, count + 1)
    return 0
  }
}
