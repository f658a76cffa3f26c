import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.server'

describe('createRateLimiter', () => {
  it('allows max hits per window, then tells how long to wait', () => {
    const limiter = createRateLimiter({ max: 2, windowSeconds: 60 })
    expect(limiter.hit('a', 0)).toBe(0)
    expect(limiter.hit('a', 1000)).toBe(0)
    expect(limiter.hit('a', 2000)).toBe(58)
    expect(limiter.hit('b', 2000)).toBe(0)
  })

  it('frees a slot when the oldest hit leaves the window', () => {
    const limiter = createRateLimiter({ max: 1, windowSeconds: 10 })
    expect(limiter.hit('a', 0)).toBe(0)
    expect(limiter.check('a', 9_999)).toBe(1)
    expect(limiter.hit('a', 10_000)).toBe(0)
  })

  it('keeps memory bounded', () => {
    const limiter = createRateLimiter({ max: 1, windowSeconds: 60 }, 3)
    for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key, 0)
    expect(limiter.check('a', 1)).toBe(0)
    expect(limiter.check('d', 1)).toBeGreaterThan(0)
  })
})
