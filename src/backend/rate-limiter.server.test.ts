import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import type { RateLimitStore } from './backend'
import { createDatabaseRateLimiter } from './rate-limiter.server'

/**
 * A RateLimitStore that records its calls and counts hits per key (no window: the store's own
 * behaviour is the backend contract's, tests/backend/rate-limits.contract.ts).
 */
function recordingStore() {
  const calls: string[] = []
  const counts = new Map<string, number>()
  const wait = (key: string, max: number) => ((counts.get(key) ?? 0) >= max ? 30 : 0)
  const store: RateLimitStore = {
    async hit(key, limit) {
      calls.push(`hit ${key} ${limit.max}/${limit.windowSeconds}`)
      if (wait(key, limit.max) > 0) return wait(key, limit.max)
      counts.set(key, (counts.get(key) ?? 0) + 1)
      return 0
    },
    async check(key, limit) {
      calls.push(`check ${key}`)
      return wait(key, limit.max)
    },
    async reset(key) {
      calls.push(`reset ${key}`)
      counts.delete(key)
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
