/** Query options shared by the statistics route's loader and its page. */
import { type DehydratedState, dehydrate, queryOptions } from '@tanstack/react-query'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import { m } from '~/paraglide/messages'
import { getStats, type StatsView } from './stats.functions'
import type { StatsSearch } from './stats.search'

/** Only the fields given, so that `{}` and `{ range: undefined }` share a cache entry. */
const defined = (search: StatsSearch): StatsSearch =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as StatsSearch

export function statsQueryOptions(search: StatsSearch) {
  const data = defined(search)
  return queryOptions<StatsView>({
    queryKey: ['stats', data],
    queryFn: () => getStats({ data }),
    staleTime: 30_000,
    retry: (failures, error) => {
      const status = describeError(error).status
      return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
    },
  })
}

/** The route loader's part: rendered with its data on the server, prefetched in the browser. */
export async function loadStats(search: StatsSearch): Promise<{ state: DehydratedState | undefined; title: string }> {
  const queryClient = getQueryClient()
  const title = m.stats_title()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(statsQueryOptions(search))
    return { state: undefined, title }
  }
  await queryClient.ensureQueryData(statsQueryOptions(search))
  return { state: dehydrate(queryClient), title }
}
