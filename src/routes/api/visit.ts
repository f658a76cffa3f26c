import { createFileRoute } from '@tanstack/react-router'
import { beaconDeps } from '~/features/visits/beacon-deps.server'
import { handleVisitBeacon } from '~/features/visits/visit-beacon.server'

// The page-view beacon; CSRF is checked for every POST in src/start.ts (sendBeacon is same-origin).
export const Route = createFileRoute('/api/visit')({
  server: {
    handlers: {
      POST: ({ request }) => handleVisitBeacon(request, beaconDeps),
    },
  },
})
