import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './site-files.server'

describe('site files', () => {
  it('robots.txt keeps crawlers out of /admin and points at the sitemap', async () => {
    const text = await robotsTxt(new Request('http://example.test/robots.txt')).text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain('Sitemap: http://example.test/sitemap.xml')
  })

  it('sitemap.xml lists both languages of every public page, each with its alternates', async () => {
    const response = await sitemapXml(new Request('http://example.test/sitemap.xml'), async () => '2026-12-07T10:00:00.000Z')
    expect(response.headers.get('content-type')).toContain('application/xml')
    const xml = await response.text()
    const locs = ['/', '/en', '/kvkk', '/en/data-protection', '/gizlilik', '/en/privacy', '/cerezler', '/en/cookies']
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual(locs.map((path) => `<loc>http://example.test${path}</loc>`))
    expect(xml.match(/hreflang="x-default" href="http:\/\/example.test\/"/g)).toHaveLength(2)
    expect(xml.match(/hreflang="en" href="http:\/\/example.test\/en"/g)).toHaveLength(2)
    expect(xml.match(/hreflang="en" href="http:\/\/example.test\/en\/cookies"/g)).toHaveLength(2)
    expect(xml.match(/hreflang="x-default" href="http:\/\/example.test\/kvkk"/g)).toHaveLength(2)
    // The landing page changes when staff publish its content; the legal pages do not say when.
    expect(xml.match(/<lastmod>2026-12-07T10:00:00.000Z<\/lastmod>/g)).toHaveLength(2)
  })
})
