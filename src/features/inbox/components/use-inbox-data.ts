import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { InboxSearch } from '../inbox.search'
import { listParams, messageQueryOptions, messagesQueryOptions } from '../inbox.queries'
import type { InboxNavigate } from './inbox-navigate'
import { redirectIfSignedOut } from './use-message-actions'

/** The page of messages the URL asks for, and the open message, shown at once when its row holds it. */
export function useInboxData(search: InboxSearch, navigate: InboxNavigate) {
  const list = useQuery(messagesQueryOptions(listParams(search)))
  const items = list.data?.items
  const listed = items?.find((msg) => msg.id === search.id)
  const detail = useQuery({
    ...messageQueryOptions(search.id ?? ''),
    enabled: search.id !== undefined,
    placeholderData: listed,
  })

  useEffect(() => {
    if (list.error) redirectIfSignedOut(list.error)
  }, [list.error])

  // A page past the end (its last messages were just deleted) moves back to the last page. With a
  // capped search count the last page is unknown, but `total` still counts every row up to the
  // end of the page asked for, so a page past it is past the end.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && search.page > lastPage) navigate({ page: lastPage }, { replace: true })
  }, [list.data, list.isPlaceholderData, search.page, lastPage, navigate])

  return { list, items, detail }
}
