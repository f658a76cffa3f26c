import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { InboxSearch } from '../inbox.search'
import { INBOX_STALE_MS, listParams, messagesQueryOptions } from '../inbox.queries'
import type { InboxNavigate } from './inbox-navigate'

/** A search the reader types goes to the server alone, and the page moves to it (URL, route, table)
 * once its list is at hand: one change, with the answer (decision 140). */
export function useSearchFirst(
  search: InboxSearch,
  navigate: InboxNavigate,
): { onSearch: (q: string) => void; waiting: boolean } {
  const queryClient = useQueryClient()
  const router = useRouter()
  const shown = useRef(search)
  useLayoutEffect(() => {
    shown.current = search
  })
  const newest = useRef(0)
  useEffect(
    () => () => {
      newest.current++
    },
    [],
  )
  const [waiting, setWaiting] = useState(false)
  const onSearch = useCallback(
    (q: string) => {
      const turn = ++newest.current
      const here = router.state.location.pathname
      const { q: before } = shown.current
      // Typing on within a search keeps one history entry; starting or clearing one makes its own.
      const move = () => navigate({ q, page: 1 }, { replace: before !== '' && q !== '' })
      const options = messagesQueryOptions(listParams({ ...shown.current, q, page: 1 }))
      const cached = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })
      if (cached && !cached.isStaleByTime(INBOX_STALE_MS)) {
        setWaiting(false)
        move()
        return
      }
      setWaiting(true)
      // prefetchQuery never throws: a failed list is in the cache, for the page to show.
      void queryClient.prefetchQuery(options).then(() => {
        if (turn !== newest.current || router.state.location.pathname !== here) return
        setWaiting(false)
        move()
      })
    },
    [navigate, queryClient, router],
  )
  return { onSearch, waiting }
}
