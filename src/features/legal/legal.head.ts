/**
 * Head tags of a legal page from what the server worked out (`legalPageHead` in legal.server.ts):
 * the routes' head runs in the first chunk of every page, so the copy it needs stays on the server.
 */
import type { LegalHead } from './legal.schemas'

export function legalHead(head: LegalHead | undefined) {
  if (!head) return {}
  return {
    meta: [
      { title: head.title },
      { name: 'description', content: head.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: head.siteName },
      { property: 'og:title', content: head.title },
      { property: 'og:description', content: head.description },
      { property: 'og:url', content: head.canonical },
    ],
    links: [
      { rel: 'canonical', href: head.canonical },
      ...head.alternates.map(({ hrefLang, href }) => ({ rel: 'alternate', hrefLang, href })),
    ],
  }
}
