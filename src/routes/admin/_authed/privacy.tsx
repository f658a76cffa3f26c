import { HydrationBoundary } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { PrivacyPage } from '~/features/privacy/components/privacy-page'

export const Route = createFileRoute('/admin/_authed/privacy')({
  // Imported on demand, as the team page's: the admin chunks carry TanStack Query and this copy.
  // The loader travels with the page's component: the route tree (in every first load) keeps neither.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => import('~/features/privacy/privacy.queries').then(({ loadPrivacy }) => loadPrivacy()),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: PrivacyRoute,
})

function PrivacyRoute() {
  const { state } = Route.useLoaderData()
  return (
    <HydrationBoundary state={state}>
      <PrivacyPage actions={<SignOutButton className="xl:hidden" />} />
    </HydrationBoundary>
  )
}
