import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { inboxKeys } from '../inbox.queries'

/** 'Yenile': reads the list, its counts and the open message again, spinning until they are in. A
 * list that failed just now is not refetched by the invalidation (it is not enabled, decision 200):
 * the list's own refetch reads it then, and joins the invalidation's read when there is one. */
export function useRefreshInbox(list: { isError: boolean; refetch: (options: { cancelRefetch: boolean }) => Promise<unknown> }) {
  const queryClient = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  async function refresh() {
    setRefreshing(true)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      list.isError ? list.refetch({ cancelRefetch: false }) : null,
    ]).finally(() => setRefreshing(false))
  }
  return { refreshing, refresh }
}
