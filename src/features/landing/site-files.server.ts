/** robots.txt and sitemap.xml: both name absolute URLs, so they are answered by the server (SITE_URL
 * when set, else the request's origin) rather than shipped as static files. */
import { LOCALES } from '~/domain/locales'
import { serverEnv } from '~/lib/env.server'
import { LEGAL_PAGES } from '~/lib/legal-pages'
import { requestOrigin } from '~/lib/forwarded.server'
import { localizeHref } from '~/paraglide/runtime'

function originOf(request: Request): string {
  return requestOrigin(request, serverEnv())
}

const TEXT_HEADERS = { 'cache-control': 'public, max-age=3600' }

export function robotsTxt(request: Request): Response {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${originOf(request)}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { ...TEXT_HEADERS, 'content-type': 'text/plain; charset=utf-8' } })
}

/** The public pages: the landing page, then the legal pages. */
const PAGES = ['/', ...Object.values(LEGAL_PAGES).map((page) => page.tr)]

/** Both language versions of every public page, each listing the other as an alternate. */
export function sitemapXml(request: Request): Response {
  const origin = originOf(request)
  const entries = PAGES.flatMap((page) => {
    const url = (locale: (typeof LOCALES)[number]) => `${origin}${localizeHref(page, { locale })}`
    const alternates = [
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${url(l)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url('tr')}"/>`,
    ].join('\n')
    return LOCALES.map((l) => `  <url>\n    <loc>${url(l)}</loc>\n${alternates}\n  </url>`)
  }).join('\n')
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries}
</urlset>
`
  return new Response(body, { headers: { ...TEXT_HEADERS, 'content-type': 'application/xml; charset=utf-8' } })
}
