import { describe, expect, it } from 'vitest'
import { leadSourceOf } from './lead-source.server'
import { leadSourceText } from './lead-source-text'
import { deviceOf, isCrawler, localeOfPath, NO_UTM, referrerHostOf, sectionOf, utmOf } from './visit-rules'

const SITE = 'https://www.pusuladijital.com.tr'

describe('the rules a page view is recorded by', () => {
  it('classes devices by screen width', () => {
    expect([320, 390, 767, 768, 1024, 1199, 1200, 2560].map(deviceOf)).toEqual([
      'phone',
      'phone',
      'phone',
      'tablet',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ])
  })

  it('keeps only the host of a web referrer other than the site itself', () => {
    expect(referrerHostOf('https://WWW.Google.com/search?q=pusula', 'www.pusuladijital.com.tr')).toBe('www.google.com')
    expect(referrerHostOf(`${SITE}/en`, 'www.pusuladijital.com.tr')).toBe('')
    expect(referrerHostOf('android-app://com.linkedin.android/', 'x')).toBe('')
    expect(referrerHostOf('not a url', 'x')).toBe('')
    expect(referrerHostOf('', 'x')).toBe('')
  })

  it('reads the five UTM values, cleaned and bounded', () => {
    expect(utmOf('?utm_source=Newsletter&utm_medium=e%0Amail&utm_campaign=k%C4%B1%C5%9F&x=1')).toEqual({
      ...NO_UTM,
      source: 'Newsletter',
      medium: 'email',
      campaign: 'kış',
    })
    expect(utmOf(`?utm_term=${'ğ'.repeat(500)}`).term).toHaveLength(100)
  })

  it('tells crawlers and audit tools from browsers', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true)
    expect(
      isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36'),
    ).toBe(true)
    expect(isCrawler('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome-Lighthouse')).toBe(true)
    expect(isCrawler('curl/8.5.0')).toBe(true)
    expect(isCrawler('')).toBe(true)
    expect(
      isCrawler('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
    ).toBe(false)
  })

  it('reads the language from the path and a section from the anchor', () => {
    expect([localeOfPath('/'), localeOfPath('/en'), localeOfPath('/en/cookies'), localeOfPath('/kvkk')]).toEqual([
      'tr',
      'en',
      'en',
      'tr',
    ])
    expect([sectionOf('#contact'), sectionOf(''), sectionOf('#<x>'), sectionOf('#a'.repeat(30))]).toEqual(['contact', '', '', ''])
  })
})

describe("a contact message's source", () => {
  it('takes what the form carried, with JavaScript', () => {
    const source = leadSourceOf(
      { r: 'https://www.linkedin.com/feed/', p: '/en', q: '?utm_source=li&utm_campaign=q4' },
      null,
      SITE,
    )
    expect(source).toEqual({
      referrerHost: 'www.linkedin.com',
      landingPath: '/en',
      utm: { ...NO_UTM, source: 'li', campaign: 'q4' },
    })
    expect(leadSourceText(source, 'tr')).toBe('www.linkedin.com · Giriş sayfası: /en · Kampanya: li / q4')
    expect(leadSourceText(source, 'en')).toBe('www.linkedin.com · Landing page: /en · Campaign: li / q4')
  })

  it('without JavaScript, takes the page from the Referer header of this site only', () => {
    expect(leadSourceOf(undefined, `${SITE}/?utm_source=gazete`, SITE)).toEqual({
      referrerHost: '',
      landingPath: '/',
      utm: { ...NO_UTM, source: 'gazete' },
    })
    expect(leadSourceOf(undefined, 'https://evil.example/?utm_source=x', SITE)).toBeNull()
    expect(leadSourceOf(undefined, null, SITE)).toBeNull()
    expect(leadSourceText(null, 'tr')).toBe('Bilinmiyor')
    expect(leadSourceText({ referrerHost: '', landingPath: '', utm: NO_UTM }, 'tr')).toBe('Doğrudan')
  })

  it('drops a landing path that is not one of the site’s pages', () => {
    expect(leadSourceOf({ r: '', p: '/wp-admin', q: '' }, null, SITE)?.landingPath).toBe('')
  })
})
