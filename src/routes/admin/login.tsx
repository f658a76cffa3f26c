import { createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { getAdminSession } from '~/features/auth/session.functions'
import { parseLoginSearch, safeAdminRedirect } from '~/features/auth/admin-redirect'
import { LoginPage } from '~/features/auth/components/login-page'
import { m } from '~/paraglide/messages'

export const Route = createFileRoute('/admin/login')({
  validateSearch: parseLoginSearch,
  beforeLoad: async ({ search }) => {
    // A signed-in admin has nothing to do here.
    if (await getAdminSession()) throw redirect({ href: safeAdminRedirect(search.redirect) })
  },
  // The title comes with the page's component: the route tree (in every first load) keeps no copy.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => ({ title: m.login_meta_title() }),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }, { name: 'robots', content: 'noindex, nofollow' }] }),
  component: LoginRoute,
})

function LoginRoute() {
  // The page's readiness signal (useAnnounceHydrated in src/lib/early-clicks.ts). Inline: a module
  // shared by this chunk and others would travel as one more file.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  const { redirect: target } = Route.useSearch()
  return <LoginPage redirectTo={safeAdminRedirect(target)} />
}
