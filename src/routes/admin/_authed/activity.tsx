import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { ActivityPage } from '~/features/activity/components/activity-page'
import { staffSearchSchema } from '~/features/staff-shell/staff-search'
import { m } from '~/paraglide/messages'

/** 'Etkinlik Kaydı': owners only (its server functions answer 403 to anyone else). */
export const Route = createFileRoute('/admin/_authed/activity')({
  validateSearch: staffSearchSchema('activity'),
  // The title comes with the page's component: the route tree (in every first load) keeps no copy.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => ({ title: m.activity_meta_title() }),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: ActivityRoute,
})

function ActivityRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <ActivityPage search={search} onSearch={(next) => navigate({ search: next })} actions={<SignOutButton />} />
}
