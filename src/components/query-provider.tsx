import { type DehydratedState, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { getQueryClient } from '~/lib/query-client'

/** The admin area's query client. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient)
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

/** Queries a route loader ran on the server, handed to the browser's cache with the page. */
export function PrefetchedQueries({ state, children }: { state: DehydratedState | undefined; children: ReactNode }) {
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>
}
