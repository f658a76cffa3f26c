/** Query options shared by the team route's loader and its components. */
import { type DehydratedState, dehydrate, queryOptions } from '@tanstack/react-query'
import { describeError } from '~/lib/app-error'
import { getQueryClient } from '~/lib/query-client'
import { m } from '~/paraglide/messages'
import { type TeamView, getTeam } from './team.functions'

export const teamKeys = {
  all: ['team'] as const,
}

export function teamQueryOptions() {
  return queryOptions<TeamView>({
    queryKey: teamKeys.all,
    queryFn: () => getTeam(),
    staleTime: 10_000,
    // A refusal (signed out) will not change on a retry; a network blip might.
    retry: (failures, error) => {
      const status = describeError(error).status
      return failures < 2 && !(status !== undefined && status >= 400 && status < 500)
    },
  })
}

/** The route loader's part: on the server the page renders with its data; in the browser navigation
 * does not wait. The page's title comes from here too, so its copy travels with the admin chunks
 * rather than with the route tree every page loads. */
export async function loadTeam(): Promise<{ state: DehydratedState | undefined; title: string }> {
  const queryClient = getQueryClient()
  const title = m.team_meta_title()
  if (typeof window !== 'undefined') {
    void queryClient.prefetchQuery(teamQueryOptions())
    return { state: undefined, title }
  }
  await queryClient.ensureQueryData(teamQueryOptions())
  return { state: dehydrate(queryClient), title }
}
