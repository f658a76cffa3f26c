import { describe, expect, it } from 'vitest'
import { createAddressLimit } from './address-limit'

describe('the beacon’s limit per address', () => {
  it('lets `max` hits of an address through per window, then says how long to wait', () => {
    let now = 1_000_000
    const hit = createAddressLimit({ max: 2, windowSeconds: 60, maxKeys: 10, now: () => now })
    expect([hit('a'), hit('a'), hit('b')]).toEqual([0, 0, 0])
    now += 15_000
    expect(hit('a')).toBe(45)
    now += 45_000
    expect(hit('a')).toBe(0)
  })

  it('makes a new address wait once it tracks `maxKeys` in the window', () => {
    let now = 0
    const hit = createAddressLimit({ max: 5, windowSeconds: 10, maxKeys: 2, now: () => now })
    expect([hit('a'), hit('b'), hit('c'), hit('a')]).toEqual([0, 0, 10, 0])
    now += 10_000
    expect(hit('c')).toBe(0)
  })
})
