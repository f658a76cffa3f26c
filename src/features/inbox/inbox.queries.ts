/**
 * Query options shared by the route loader and the components. Keys are built from the
 * search params, so each filter/search/page is cached on its own and a shared link asks for
 * exactly what its URL says.
 */
import { type DehydratedState, dehydrate, keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ContactMessage, MessagePage } from '~/domain/messages'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import type { InboxSearch } from './inbox.search'
import { getMessage, listMessages } from './inbox.functions'

export type MessageListParams = Pick<InboxSearch, 'status' | 'q' | 'page'>

export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (params: MessageListParams) => [...inboxKeys.lists(), params] as const,
  details: () => [...inboxKeys.all, 'detail'] as const,
  detail: (id: string) => [...inboxKeys.details(), id] as const,
}

/** A refusal (signed out, bad input) will not change on a retry; a network blip might. */
function retry(failures: number, error: unknown): boolean {
  const status = describeError(error).status
  return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
}

export function messagesQueryOptions({ status, q, page }: MessageListParams) {
  return queryOptions<MessagePage>({
    queryKey: inboxKeys.list({ status, q, page }),
    queryFn: () => listMessages({ data: { status, q, page } }),
    // The table stays on screen (dimmed) while the next filter, search or page loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry,
  })
}

export function messageQueryOptions(id: string) {
  return queryOptions<ContactMessage | null>({
    queryKey: inboxKeys.detail(id),
    queryFn: () => getMessage({ data: { id } }),
    staleTime: 10_000,
    retry,
  })
}

/**
 * The route loader's part: on the server the first page renders with its data, which travels to
 * the browser's cache with the page (HydrationBoundary in the route); in the browser navigation does not wait,
 * so the table stays on screen (placeholderData) while the next loads.
 */
export async function loadInbox(search: MessageListParams & { id?: string }): Promise<DehydratedState | undefined> {
  const queryClient = getQueryClient()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(messagesQueryOptions(search))
    return undefined
  }
  await Promise.all([
    queryClient.ensureQueryData(messagesQueryOptions(search)),
    search.id ? queryClient.ensureQueryData(messageQueryOptions(search.id)) : null,
  ])
  return dehydrate(queryClient)
}
