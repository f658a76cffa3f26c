import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { ActivityPage } from '~/features/activity/components/activity-page'
import { ActivitySearchSchema } from '~/features/activity/activity.schemas'
import { m } from '~/paraglide/messages'

/** 'Etkinlik Kaydı': owners only (its server functions answer 403 to anyone else). */
export const Route = createFileRoute('/admin/_authed/activity')({
  validateSearch: ActivitySearchSchema,
  head: () => ({ meta: [{ title: m.activity_meta_title() }] }),
  component: ActivityRoute,
})

function ActivityRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <ActivityPage search={search} onSearch={(next) => navigate({ search: next })} actions={<SignOutButton />} />
}
