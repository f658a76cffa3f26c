import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { inboxKeys } from '../inbox.queries'

/** 'Yenile': reads the list, its counts and the open message again, spinning until they are in. */
export function useRefreshInbox() {
  const queryClient = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  async function refresh() {
    setRefreshing(true)
    await queryClient.invalidateQueries({ queryKey: inboxKeys.all }).finally(() => setRefreshing(false))
  }
  return { refreshing, refresh }
}
