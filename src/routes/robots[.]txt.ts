import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: async ({ request }) => (await import('~/features/landing/site-files.server')).robotsTxt(request),
    },
  },
})
