/** TanStack Query for the admin area only, kept out of the router so the library stays out of the
 * landing page's first load. */
import { QueryClient } from '@tanstack/react-query'

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  })
}

let browserClient: QueryClient | undefined

/** One client per visit in the browser; a new one per call on the server, so requests share no data. */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient()
  browserClient ??= createQueryClient()
  return browserClient
}
