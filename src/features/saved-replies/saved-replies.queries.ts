/** Query options shared by the 'Hazır Yanıtlar' page, its route's loader and the reply composer. */
import { type DehydratedState, dehydrate, queryOptions } from '@tanstack/react-query'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import { m } from '~/paraglide/messages'
import { listSavedReplies } from './saved-replies.functions'

export const savedRepliesKey = ['saved-replies'] as const

export const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: savedRepliesKey,
    queryFn: () => listSavedReplies(),
    staleTime: 30_000,
    // A refusal will not change on a retry; a network blip might.
    retry: (failures, error) => {
      const status = describeError(error).status
      return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
    },
  })

/** The route loader's part: rendered with its data on the server; navigation in the browser does not wait. */
export async function loadSavedReplies(): Promise<{ state: DehydratedState | undefined; title: string }> {
  const queryClient = getQueryClient()
  const title = m.saved_replies_meta_title()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(savedRepliesQueryOptions())
    return { state: undefined, title }
  }
  await queryClient.ensureQueryData(savedRepliesQueryOptions())
  return { state: dehydrate(queryClient), title }
}
