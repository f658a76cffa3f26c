import { queryOptions } from '@tanstack/react-query'
import { getThread } from './replies.functions'

export const threadKey = (messageId: string) => ['inbox', 'thread', messageId] as const

/** While a reply waits in the queue its state is asked for again, until it has left or failed. */
const QUEUED_POLL_MS = 3_000

export const threadQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: threadKey(messageId),
    queryFn: () => getThread({ data: { messageId } }),
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data?.entries.some((entry) => entry.delivery === 'queued') ? QUEUED_POLL_MS : false),
  })
