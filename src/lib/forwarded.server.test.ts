import { describe, expect, it } from 'vitest'
import { clientAddress, forwardedEntries, normalizeAddress, requestOrigin } from './forwarded.server'

const SOCKET = '10.0.0.2'

describe('clientAddress', () => {
  it('ignores X-Forwarded-For entirely when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.9', SOCKET, 0)).toBe(SOCKET)
    expect(clientAddress('203.0.113.9, 198.51.100.1', '::ffff:10.0.0.2', 0)).toBe(SOCKET)
    expect(clientAddress(null, undefined, 0)).toBe('unknown')
  })

  it('behind one proxy takes the right-most entry: what the sender wrote to its left never counts', () => {
    expect(clientAddress('198.51.100.7', SOCKET, 1)).toBe('198.51.100.7')
    expect(clientAddress('1.1.1.1, 198.51.100.7', SOCKET, 1)).toBe('198.51.100.7')
    expect(clientAddress('anything at all, 2.2.2.2,3.3.3.3 ,  198.51.100.7', SOCKET, 1)).toBe('198.51.100.7')
  })

  it('joins repeated header lines before counting from the right', () => {
    expect(clientAddress(['1.1.1.1', '2.2.2.2, 198.51.100.7'], SOCKET, 1)).toBe('198.51.100.7')
    expect(forwardedEntries(['a, b', ' ', 'c ,, d'])).toEqual(['a', 'b', 'c', 'd'])
  })

  it('behind N proxies takes the N-th entry from the right', () => {
    // client → proxy A (appends client) → proxy B (appends A) → app
    expect(clientAddress('1.1.1.1, 198.51.100.7, 10.0.0.1', SOCKET, 2)).toBe('198.51.100.7')
    expect(clientAddress('198.51.100.7, 10.0.0.1', SOCKET, 2)).toBe('198.51.100.7')
    expect(clientAddress('9.9.9.9, 198.51.100.7, 10.0.0.1, 10.0.0.3', SOCKET, 3)).toBe('198.51.100.7')
  })

  it('with fewer entries than proxies believes only the nearest proxy, whatever the sender adds', () => {
    // The sender reached the inner proxy directly and wrote one entry of its own: the outer proxy's
    // position would hold the forged one, so the nearest proxy's entry (the sender's real address) is used.
    expect(clientAddress('6.6.6.6, 198.51.100.7', SOCKET, 3)).toBe('198.51.100.7')
    expect(clientAddress('198.51.100.7', SOCKET, 2)).toBe('198.51.100.7')
  })

  it('falls back to the socket when there is no usable entry where the proxy writes', () => {
    expect(clientAddress(undefined, SOCKET, 1)).toBe(SOCKET)
    expect(clientAddress('', SOCKET, 1)).toBe(SOCKET)
    expect(clientAddress(' , ', SOCKET, 1)).toBe(SOCKET)
    expect(clientAddress('198.51.100.7, not-an-address', SOCKET, 1)).toBe(SOCKET)
    expect(clientAddress('198.51.100.7, unknown', SOCKET, 1)).toBe(SOCKET)
  })

  it('reads IPv6, bracketed and port forms as one address each', () => {
    expect(clientAddress('1.1.1.1, 2001:DB8:0:0::7', SOCKET, 1)).toBe('2001:db8::7')
    expect(clientAddress('1.1.1.1, [2001:db8::7]:51234', SOCKET, 1)).toBe('2001:db8::7')
    expect(clientAddress('1.1.1.1, 198.51.100.7:51234', SOCKET, 1)).toBe('198.51.100.7')
    expect(clientAddress('1.1.1.1, ::ffff:198.51.100.7', SOCKET, 1)).toBe('198.51.100.7')
  })
})

describe('normalizeAddress', () => {
  it('gives one spelling per address and null for anything else', () => {
    expect(normalizeAddress('[::1]')).toBe('::1')
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normalizeAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1')
    expect(normalizeAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1')
    for (const bad of ['', 'localhost', '1.2.3', '1.2.3.04', '999.1.1.1', 'x'.repeat(200), '[1.2.3.4', '1.2.3.4:']) {
      expect(normalizeAddress(bad), bad).toBeNull()
    }
  })
})

describe('requestOrigin', () => {
  const forged = new Request('http://evil.example/', {
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil2.example' },
  })

  it('is SITE_URL whatever the request says', () => {
    expect(requestOrigin(forged, { siteUrl: 'https://www.example.com', proxyHops: 1 })).toBe('https://www.example.com')
  })

  it('without SITE_URL is the request Host; X-Forwarded-Proto only from a trusted proxy, X-Forwarded-Host never', () => {
    expect(requestOrigin(forged, { siteUrl: null, proxyHops: 0 })).toBe('http://evil.example')
    expect(requestOrigin(forged, { siteUrl: null, proxyHops: 1 })).toBe('https://evil.example')
    const proxied = new Request('http://site.example:8080/en', { headers: { 'x-forwarded-proto': 'http, https' } })
    expect(requestOrigin(proxied, { siteUrl: null, proxyHops: 1 })).toBe('https://site.example:8080')
    const odd = new Request('http://site.example/', { headers: { 'x-forwarded-proto': 'javascript' } })
    expect(requestOrigin(odd, { siteUrl: null, proxyHops: 1 })).toBe('http://site.example')
  })
})
