import { describe, expect, it } from 'vitest'
import type { RateLimitStore } from '~/backend/backend'
import { LIMITS } from './limits'
import { createDatabaseRateLimiter, createRateLimiter } from './rate-limit.server'

/** A RateLimitStore that records its calls and answers from an in-process window per key. */
function recordingStore() {
  const calls: string[] = []
  const windows = new Map<string, ReturnType<typeof createRateLimiter>>()
  const window = (key: string, limit: { max: number; windowSeconds: number }) => {
    if (!windows.has(key)) windows.set(key, createRateLimiter(limit))
    return windows.get(key)!
  }
  const store: RateLimitStore = {
    async hit(key, limit) {
      calls.push(`hit ${key} ${limit.max}/${limit.windowSeconds}`)
      return window(key, limit).hit(key)
    },
    async check(key, limit) {
      calls.push(`check ${key}`)
      return window(key, limit).check(key)
    },
    async reset(key) {
      calls.push(`reset ${key}`)
      windows.delete(key)
    },
  }
  return { calls, store: async () => store }
}

describe('createDatabaseRateLimiter', () => {
  it('counts under the limit’s name in LIMITS.rate, with the limit’s numbers', async () => {
    const { calls, store } = recordingStore()
    const limiter = createDatabaseRateLimiter(LIMITS.rate.contactPerIp, { store })
    const { max, windowSeconds } = LIMITS.rate.contactPerIp
    for (let i = 0; i < max; i++) expect(await limiter.hit('203.0.113.9')).toBe(0)
    expect(await limiter.hit('203.0.113.9')).toBeGreaterThan(0)
    expect(await limiter.check('203.0.113.9')).toBeGreaterThan(0)
    await limiter.reset('203.0.113.9')
    expect(await limiter.hit('203.0.113.9')).toBe(0)
    expect(calls[0]).toBe(`hit contactPerIp:203.0.113.9 ${max}/${windowSeconds}`)
    expect(calls).toContain('check contactPerIp:203.0.113.9')
    expect(calls).toContain('reset contactPerIp:203.0.113.9')
  })

  it('keeps limiters with equal numbers apart by name', async () => {
    const { calls, store } = recordingStore()
    await createDatabaseRateLimiter(LIMITS.rate.sendCodePerIp, { store }).hit('x')
    await createDatabaseRateLimiter(LIMITS.rate.verifyPerEmail, { store }).hit('x')
    expect(calls.map((c) => c.split(' ')[1])).toEqual(['sendCodePerIp:x', 'verifyPerEmail:x'])
  })

  it('needs a name for a limit that is not in LIMITS.rate', async () => {
    const { calls, store } = recordingStore()
    expect(() => createDatabaseRateLimiter({ ...LIMITS.rate.contactPerIp }, { store })).toThrow(/LIMITS\.rate/)
    await createDatabaseRateLimiter({ max: 1, windowSeconds: 60 }, { store, name: 'export' }).hit('a')
    expect(calls).toEqual(['hit export:a 1/60'])
  })
})

describe('createRateLimiter (in-process)', () => {
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
