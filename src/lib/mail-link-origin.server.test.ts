import { describe, expect, it } from 'vitest'
import { isLoopbackHost, mailLinkOrigin } from './mail-link-origin.server'

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers })

describe('mailLinkOrigin', () => {
  it('is SITE_URL whenever it is set, whatever the request says', () => {
    const env = { siteUrl: 'https://www.example.com', proxyHops: 0 }
    expect(mailLinkOrigin(request('http://evil.example/x'), env)).toBe('https://www.example.com')
  })

  it('without SITE_URL, lends only a request to this machine its origin', () => {
    const env = { siteUrl: null, proxyHops: 0 }
    expect(mailLinkOrigin(request('http://localhost:3000/'), env)).toBe('http://localhost:3000')
    expect(mailLinkOrigin(request('http://127.0.0.1:4000/'), env)).toBe('http://127.0.0.1:4000')
    expect(mailLinkOrigin(request('http://[::1]:3000/'), env)).toBe('http://[::1]:3000')
    // A Host the sender chose (the URL's host is the request's Host header).
    expect(mailLinkOrigin(request('http://evil.example/'), env)).toBeNull()
    expect(mailLinkOrigin(request('http://www.example.com/'), env)).toBeNull()
  })

  it('takes the scheme from a trusted proxy only', () => {
    const forwarded = request('http://localhost:3000/', { 'x-forwarded-proto': 'https' })
    expect(mailLinkOrigin(forwarded, { siteUrl: null, proxyHops: 0 })).toBe('http://localhost:3000')
    expect(mailLinkOrigin(forwarded, { siteUrl: null, proxyHops: 1 })).toBe('https://localhost:3000')
  })
})

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['localhost.evil.example', false],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected)
  })
})
