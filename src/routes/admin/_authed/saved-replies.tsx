import { HydrationBoundary } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { SavedRepliesPage } from '~/features/saved-replies/components/saved-replies-page'

export const Route = createFileRoute('/admin/_authed/saved-replies')({
  // Imported on demand, as the team page's: TanStack Query and the page's copy stay in the admin chunks.
  // The loader travels with the page's component: the route tree (in every first load) keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => import('~/features/saved-replies/saved-replies.queries').then(({ loadSavedReplies }) => loadSavedReplies()),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: SavedRepliesRoute,
})

function SavedRepliesRoute() {
  const { state } = Route.useLoaderData()
  return (
    <HydrationBoundary state={state}>
      <SavedRepliesPage actions={<SignOutButton className="xl:hidden" />} />
    </HydrationBoundary>
  )
}
