import { describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import type { RateLimitStore } from './backend'
import { hitAll, rateLimiter } from './rate-limiter.server'

/** A RateLimitStore that records its calls and counts hits per key (no window: the store's own
 * behaviour is the backend contract's, tests/backend/rate-limits.contract.ts). */
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

describe('rateLimiter', () => {
  it('counts under the limit’s name in LIMITS.rate, with the limit’s numbers', async () => {
    const { calls, store } = recordingStore()
    const limiter = rateLimiter('contactPerIp', store)
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

  it('counts every address of one IPv6 /64 as one client in each per-address limit', async () => {
    const { store } = recordingStore()
    for (const name of ['contactPerIp', 'sendCodePerIp', 'verifyPerIp'] as const) {
      const limiter = rateLimiter(name, store)
      const { max } = LIMITS.rate[name]
      // A new address of the same /64 for every try, as a client rotating its interface id would.
      for (let i = 0; i < max; i++) expect(await limiter.hit(`2001:db8:7:8:${(i + 1).toString(16)}::1`)).toBe(0)
      expect(await limiter.hit('2001:db8:7:8:ffff::9')).toBeGreaterThan(0)
      // The next /64 is another client.
      expect(await limiter.hit('2001:db8:7:9::1')).toBe(0)
    }
  })

  it('keeps limiters with equal numbers apart by name', async () => {
    const { calls, store } = recordingStore()
    await rateLimiter('sendCodePerIp', store).hit('x')
    await rateLimiter('verifyPerBrowser', store).hit('x')
    expect(calls.map((c) => c.split(' ')[1])).toEqual(['sendCodePerIp:x', 'verifyPerBrowser:x'])
  })
})

describe('hitAll', () => {
  it('counts a hit on every key when none is over its limit', async () => {
    const { calls, store } = recordingStore()
    const wait = await hitAll([
      [rateLimiter('verifyPerIp', store), '192.0.2.1'],
      [rateLimiter('verifyPerBrowser', store), 'a@example.com'],
    ])
    expect(wait).toBe(0)
    expect(calls.filter((c) => c.startsWith('hit')).map((c) => c.split(' ')[1])).toEqual([
      'verifyPerIp:192.0.2.1',
      'verifyPerBrowser:a@example.com',
    ])
  })

  it('counts nothing and returns the wait when one key is over its limit', async () => {
    const { calls, store } = recordingStore()
    const perEmail = rateLimiter('sendCodePerBrowserEmail', store)
    await perEmail.hit('a@example.com')
    calls.length = 0
    const wait = await hitAll([
      [rateLimiter('sendCodePerIp', store), '192.0.2.1'],
      [perEmail, 'a@example.com'],
    ])
    expect(wait).toBeGreaterThan(0)
    expect(calls.filter((c) => c.startsWith('hit'))).toEqual([])
  })
})
