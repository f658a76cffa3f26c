import { createFileRoute, redirect } from '@tanstack/react-router'
import { getAdminSession } from '~/features/auth/session.functions'
import { LoginSearchSchema, safeAdminRedirect } from '~/features/auth/admin-redirect'
import { LoginPage } from '~/features/auth/components/login-page'
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
