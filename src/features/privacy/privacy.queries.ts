/** Query options shared by the KVKK route's loader and its components. */
import { type DehydratedState, dehydrate, queryOptions } from '@tanstack/react-query'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import { m } from '~/paraglide/messages'
import { getRetention, type RetentionView } from './privacy.functions'

export const privacyKeys = {
  retention: ['privacy', 'retention'] as const,
}

export function retentionQueryOptions() {
  return queryOptions<RetentionView>({
    queryKey: privacyKeys.retention,
    queryFn: () => getRetention(),
    staleTime: 10_000,
    retry: (failures, error) => {
      const status = describeError(error).status
      return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
    },
  })
}

/** The route loader's part, as the team page's: rendered with its data on the server. */
export async function loadPrivacy(): Promise<{ state: DehydratedState | undefined; title: string }> {
  const queryClient = getQueryClient()
  const title = m.kvkk_admin_meta_title()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(retentionQueryOptions())
    return { state: undefined, title }
  }
  await queryClient.ensureQueryData(retentionQueryOptions())
  return { state: dehydrate(queryClient), title }
}
