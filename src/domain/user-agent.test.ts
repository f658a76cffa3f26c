import { describe, expect, it } from 'vitest'
import { summarizeUserAgent } from './user-agent'

describe('summarizeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome 131', system: 'macOS', mobile: false },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      { browser: 'Edge 131', system: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', system: 'iOS', mobile: true },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox 133', system: 'Linux', mobile: false },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet 26', system: 'Android', mobile: true },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome 131', system: 'iOS', mobile: true },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
      { browser: 'Chrome 131', system: 'Linux', mobile: false },
    ],
  ])('%s', (ua, expected) => {
    expect(summarizeUserAgent(ua)).toEqual(expected)
  })

  it('says nothing it cannot tell', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null, mobile: false })
    expect(summarizeUserAgent(null)).toEqual({ browser: null, system: null, mobile: false })
  })
})
