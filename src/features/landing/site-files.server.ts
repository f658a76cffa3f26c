/**
 * robots.txt and sitemap.xml: both name absolute URLs, so they are answered by the server
 * (SITE_URL when set, else the request's origin) rather than shipped as static files.
 */
import { getBackend } from '~/backend/get-backend.server'
import { LOCALES } from '~/domain/locales'
import { log } from '~/lib/log.server'
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
export async function sitemapXml(
  request: Request,
  publishedAt: () => Promise<string | null> = contentPublishedAt,
): Promise<Response> {
  const origin = originOf(request)
  const lastmod = await publishedAt()
  const entries = PAGES.flatMap((page) => {
    const url = (locale: (typeof LOCALES)[number]) => `${origin}${localizeHref(page, { locale })}`
    const alternates = [
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${url(l)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url('tr')}"/>`,
    ].join('\n')
    const modified = page === '/' && lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ''
    return LOCALES.map((l) => `  <url>\n    <loc>${url(l)}</loc>${modified}\n${alternates}\n  </url>`)
  }).join('\n')
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries}
</urlset>
`
  return new Response(body, { headers: { ...TEXT_HEADERS, 'content-type': 'application/xml; charset=utf-8' } })
}

/** When the landing page's content was last published (none before the first publish). */
async function contentPublishedAt(): Promise<string | null> {
  try {
    return (await (await getBackend()).content.published())?.publishedAt ?? null
  } catch (error) {
    log().warn({ err: error }, 'sitemap: cannot read when the content was published')
    return null
  }
}
