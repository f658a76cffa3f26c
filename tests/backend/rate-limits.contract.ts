/**
 * Contract: database rate limits (Backend.rateLimits). Windows are a second or two long so the
 * suite can watch them pass; keys carry the run's tag, so a shared database is no problem.
 */
import { describe, expect, it } from 'vitest'
import { runTag, type Subject } from './contract-subject'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function describeRateLimits(subject: Subject): void {
  describe('rate limits', () => {
    const key = (name: string) => `contract:${runTag()}:${name}`

    it('allows max hits per window, then tells how long to wait; keys count apart', async () => {
      const { rateLimits } = subject().backend
      const limit = { max: 3, windowSeconds: 60 }
      const a = key('a')
      expect([await rateLimits.hit(a, limit), await rateLimits.hit(a, limit), await rateLimits.hit(a, limit)]).toEqual([0, 0, 0])
      const wait = await rateLimits.hit(a, limit)
      expect(wait).toBeGreaterThan(55)
      expect(wait).toBeLessThanOrEqual(60)
      expect(await rateLimits.check(a, limit)).toBe(wait)
      expect(await rateLimits.hit(key('b'), limit)).toBe(0)
    })

    it('records a hit only when it is allowed, so refused tries do not push the window on', async () => {
      const { rateLimits } = subject().backend
      const limit = { max: 1, windowSeconds: 1 }
      const k = key('refused')
      expect(await rateLimits.hit(k, limit)).toBe(0)
      expect(await rateLimits.hit(k, limit)).toBe(1)
      await sleep(1_100)
      // Had the refused hit been recorded, it would still be inside the window now.
      expect(await rateLimits.hit(k, limit)).toBe(0)
    })

    it('check counts nothing, and reset forgets a key', async () => {
      const { rateLimits } = subject().backend
      const limit = { max: 1, windowSeconds: 60 }
      const k = key('check')
      expect(await rateLimits.check(k, limit)).toBe(0)
      expect(await rateLimits.check(k, limit)).toBe(0)
      expect(await rateLimits.hit(k, limit)).toBe(0)
      expect(await rateLimits.check(k, limit)).toBeGreaterThan(0)
      await rateLimits.reset(k)
      expect(await rateLimits.hit(k, limit)).toBe(0)
    })

    it('lets exactly max of many concurrent hits through', async () => {
      const { rateLimits } = subject().backend
      const limit = { max: 4, windowSeconds: 60 }
      const k = key('race')
      const waits = await Promise.all(Array.from({ length: 16 }, () => rateLimits.hit(k, limit)))
      expect(waits.filter((w) => w === 0)).toHaveLength(4)
      expect(waits.filter((w) => w > 0)).toHaveLength(12)
    })

    it('refuses a malformed limit or key', async () => {
      const { rateLimits } = subject().backend
      await expect(rateLimits.hit(key('bad'), { max: 0, windowSeconds: 60 })).rejects.toThrow()
      await expect(rateLimits.hit(key('bad'), { max: 1, windowSeconds: 1.5 })).rejects.toThrow()
      await expect(rateLimits.hit('', { max: 1, windowSeconds: 60 })).rejects.toThrow()
    })
  })
}
