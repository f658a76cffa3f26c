import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginPage, LoginSearchSchema, getAdminSession, safeAdminRedirect } from '~/features/auth'
import { m } from '~/paraglide/messages'

export const Route = createFileRoute('/admin/login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: async ({ search }) => {
    // A signed-in admin has nothing to do here.
    if (await getAdminSession()) throw redirect({ href: safeAdminRedirect(search.redirect) })
  },
  head: () => ({ meta: [{ title: m.login_meta_title() }, { name: 'robots', content: 'noindex, nofollow' }] }),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: target } = Route.useSearch()
  return <LoginPage redirectTo={safeAdminRedirect(target)} />
}
