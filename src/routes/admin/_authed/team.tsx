import { HydrationBoundary } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { TeamPage } from '~/features/team/components/team-page'

export const Route = createFileRoute('/admin/_authed/team')({
  // Imported on demand: TanStack Query and the page's copy (its title too) belong to the admin
  // chunks, not to the route tree every page loads.
  // The loader travels with the page's component: the route tree (in every first load) keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => import('~/features/team/team.queries').then(({ loadTeam }) => loadTeam()),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: TeamRoute,
})

function TeamRoute() {
  // The query the loader ran on the server, handed to the browser's cache with the page.
  const { state } = Route.useLoaderData()
  return (
    <HydrationBoundary state={state}>
      <TeamPage actions={<SignOutButton className="xl:hidden" />} />
    </HydrationBoundary>
  )
}
