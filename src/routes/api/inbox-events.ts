import { createFileRoute } from '@tanstack/react-router'

/** Live inbox changes for signed-in admins, as server-sent events (see inbox-events.server.ts). */
export const Route = createFileRoute('/api/inbox-events')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        // Imported here so nothing server-side is reachable from the client's route tree.
        const [{ inboxEventsResponse }, { getBackend }, { requestContext }, { passkeyStepFor }] = await Promise.all([
          import('~/features/inbox/inbox-events.server'),
          import('~/backend/get-backend.server'),
          import('~/features/auth/request-context.server'),
          import('~/features/auth/passkey-gate.server'),
        ])
        const backend = await getBackend()
        const ctx = requestContext()
        // A member who still owes the passkey step is no admin here yet (decision 233).
        const isAdmin = async (email: string) =>
          (await backend.auth.isAdmin(email)) && (await passkeyStepFor(ctx, email)) === null
        const staff = {
          auth: { getUser: backend.auth.getUser, isAdmin },
          inboxEvents: backend.inboxEvents,
          leads: backend.leads,
          sessionEnds: backend.sessionEnds,
        }
        return inboxEventsResponse(request, staff, ctx)
      },
    },
  },
})
