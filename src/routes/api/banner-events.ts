import { createFileRoute } from '@tanstack/react-router'

/** Live hero-banner changes for one key, as server-sent events (see banner-events.server.ts). */
export const Route = createFileRoute('/api/banner-events')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        // Imported here so nothing server-side is reachable from the client's route tree.
        const [{ bannerEventsResponse }, { getBackend }] = await Promise.all([
          import('~/features/landing/banner-events.server'),
          import('~/backend/get-backend.server'),
        ])
        return bannerEventsResponse(request, (await getBackend()).banners)
      },
    },
  },
})
