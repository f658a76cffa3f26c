import { describe, expect, it } from 'vitest'
import { approximateAddress, rateLimitAddress } from './activity'

describe('approximateAddress', () => {
  it('keeps the /24 of IPv4 and the /48 of IPv6, nothing finer', () => {
    expect(approximateAddress('203.0.113.77')).toBe('203.0.113.0/24')
    expect(approximateAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24')
    expect(approximateAddress('2001:db8:abcd:12:3456::1')).toBe('2001:db8:abcd::/48')
    expect(approximateAddress('2001:0DB8:0000:0012::')).toBe('2001:db8:0::/48')
    expect(approximateAddress('::1')).toBe('0:0:0::/48')
  })

  it('gives null for what is not an address', () => {
    for (const text of [null, undefined, '', 'unknown', '1.2.3', '256.1.1.1', '1::2::3', '12345::1', 'g::1']) {
      expect(approximateAddress(text)).toBeNull()
    }
  })
})

describe('rateLimitAddress', () => {
  it('counts IPv4 per address and IPv6 per /64, however the address is written', () => {
    expect(rateLimitAddress('203.0.113.9')).toBe('203.0.113.9')
    expect(rateLimitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9')
    const a = rateLimitAddress('2001:db8:1:2:aaaa::1')
    expect(a).toBe('2001:db8:1:2::/64')
    expect(rateLimitAddress('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(a)
    expect(rateLimitAddress('2001:0db8:0001:0002::9')).toBe(a)
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(a)
  })
})
