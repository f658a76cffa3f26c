import { HydrationBoundary } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { StatsPage } from '~/features/stats/components/stats-page'
import { staffSearchSchema } from '~/features/staff-shell/staff-search'

export const Route = createFileRoute('/admin/_authed/stats')({
  validateSearch: staffSearchSchema('stats'),
  loaderDeps: ({ search }) => search,
  // Imported on demand, as the other staff pages' queries: TanStack Query stays in the admin chunks.
  // The loader travels with the page's component: the route tree (in every first load) keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) => import('~/features/stats/stats.queries').then(({ loadStats }) => loadStats(deps)),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: StatsRoute,
})

function StatsRoute() {
  const { state } = Route.useLoaderData()
  const search = Route.useSearch()
  return (
    <HydrationBoundary state={state}>
      <StatsPage search={search} actions={<SignOutButton />} />
    </HydrationBoundary>
  )
}
