import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async ({ request }) => (await import('~/features/landing/site-files.server')).sitemapXml(request),
    },
  },
})
