import { createFileRoute } from '@tanstack/react-router'

/** Live inbox changes for signed-in admins, as server-sent events (see inbox-events.server.ts). */
export const Route = createFileRoute('/api/inbox-events')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        // Imported here so nothing server-side is reachable from the client's route tree.
        const [{ inboxEventsResponse }, { getBackend }, { requestContext }] = await Promise.all([
          import('~/features/inbox/inbox-events.server'),
          import('~/backend/get-backend.server'),
          import('~/features/auth/request-context.server'),
        ])
        return inboxEventsResponse(request, await getBackend(), requestContext())
      },
    },
  },
})
