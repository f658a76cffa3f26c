/** Query options shared by the route loader and the components. Keys are built from the search
 * params, so each filter/search/page is cached on its own and a shared link asks for exactly what
 * its URL says. */
import {
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryState,
  dehydrate,
  keepPreviousData,
  queryOptions,
} from '@tanstack/react-query'
import type { ContactMessage, MessagePage } from '~/domain/messages'
import { type DayRange, dateRangeOf } from '~/domain/date-range'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import type { InboxSearch } from './inbox.search'
import { getMessage, listMessages } from './inbox.functions'

/** What a list is read with: only a usable date range (dateRangeOf), never the URL's raw dates. */
export type MessageListParams = Pick<InboxSearch, 'status' | 'q' | 'page' | 'owner' | 'reply'> & DayRange

export function listParams(
  search: Pick<InboxSearch, 'status' | 'q' | 'page' | 'from' | 'to' | 'owner' | 'reply'>,
): MessageListParams {
  return {
    status: search.status,
    q: search.q,
    page: search.page,
    ...dateRangeOf(search).range,
    ...(search.owner ? { owner: search.owner } : {}),
    ...(search.reply ? { reply: search.reply } : {}),
  }
}

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

/** How long a list or a message read is shown without being read again. */
export const INBOX_STALE_MS = 10_000

/** Whether a list's last read failed within INBOX_STALE_MS (its retries spent) and nothing reads it
 * now. Such a failure is kept like an answer: the page shows it with its "Try again", and neither
 * the route's loader nor the table asks the server again on its own (decision 140). */
export function failedJustNow(state: QueryState | undefined, now = Date.now()): boolean {
  return (
    state?.status === 'error' &&
    state.fetchStatus === 'idle' &&
    state.data === undefined &&
    now - state.errorUpdatedAt < INBOX_STALE_MS
  )
}

export function messagesQueryOptions(params: MessageListParams) {
  const { status, q, page, from, to, owner, reply } = params
  const dates = { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(owner ? { owner } : {}), ...(reply ? { reply } : {}) }
  return queryOptions<MessagePage>({
    queryKey: inboxKeys.list({ status, q, page, ...dates }),
    queryFn: () => listMessages({ data: { status, q, page, ...dates } }),
    // The table stays on screen (dimmed) while the next filter, search or page loads.
    placeholderData: keepPreviousData,
    // Its "Try again" and 'Yenile' (refetch) and a search typed again still read it (none of them
    // looks at this); live updates' invalidations do not, for those 10 s.
    enabled: (query: Query<MessagePage>) => !failedJustNow(query.state),
    staleTime: INBOX_STALE_MS,
    retry,
  })
}

export function messageQueryOptions(id: string) {
  return queryOptions<ContactMessage | null>({
    queryKey: inboxKeys.detail(id),
    queryFn: () => getMessage({ data: { id } }),
    staleTime: INBOX_STALE_MS,
    retry,
  })
}

/** The route loader's part: on the server the first page renders with its data, which travels to the
 * browser's cache with the page (HydrationBoundary in the route) (decision 196). */
export async function loadInbox(
  search: Pick<InboxSearch, 'status' | 'q' | 'page' | 'from' | 'to' | 'owner' | 'reply'> & { id?: string },
  /**
   * Other features' reads that the page shows (the late-backups notice): on the server they are
   * read with the first page and travel with it, so that the browser does not ask for them as it
   * starts. Not run in the browser, where their own queries keep them up to date. */
  alongside: readonly ((queryClient: QueryClient) => Promise<void>)[] = [],
): Promise<DehydratedState | undefined> {
  const queryClient = getQueryClient()
  if (typeof window !== 'undefined') {
    const options = messagesQueryOptions(listParams(search))
    const state = queryClient.getQueryState(options.queryKey)
    if (failedJustNow(state)) return undefined
    const loading = queryClient.prefetchQuery(options)
    if (state?.data === undefined) await loading
    return undefined
  }
  await Promise.all([
    queryClient.ensureQueryData(messagesQueryOptions(listParams(search))),
    search.id ? queryClient.ensureQueryData(messageQueryOptions(search.id)) : null,
    ...alongside.map((read) => read(queryClient)),
  ])
  return dehydrate(queryClient)
}
