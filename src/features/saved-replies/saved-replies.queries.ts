import { queryOptions } from '@tanstack/react-query'
import { listSavedReplies } from './saved-replies.functions'

export const savedRepliesKey = ['saved-replies'] as const

export const savedRepliesQueryOptions = () =>
  queryOptions({ queryKey: savedRepliesKey, queryFn: () => listSavedReplies(), staleTime: 30_000 })
