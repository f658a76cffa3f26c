/** TanStack Query for the admin area only. The public pages do not use it, so it is not part of the
 * router: the admin layout provides a client (components/query-provider.tsx) and its loaders
 * prefetch into the same one, and the library stays out of the landing page's first load. */
import { QueryClient } from '@tanstack/react-query'

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  })
}

let browserClient: QueryClient | undefined

/** In the browser, one client for the whole visit (the cache survives navigation); on the server, a
 * new one every time, so no data is ever shared between two requests. */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient()
  browserClient ??= createQueryClient()
  return browserClient
}
