import { createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { parseLoginSearch, safeAdminRedirect } from '~/features/auth/admin-redirect'
import { PasskeyStepPage } from '~/features/auth/components/passkey-step-page'
import { getAdminSession } from '~/features/auth/session.functions'
import { m } from '~/paraglide/messages'

/** After the e-mail code: 'Passkey ile Doğrula', or adding one where STAFF_PASSKEY_REQUIRED asks. */
export const Route = createFileRoute('/admin/passkey')({
  validateSearch: parseLoginSearch,
  beforeLoad: async ({ search }) => {
    const session = await getAdminSession()
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: search.redirect } })
    if (!session.passkeyStep) throw redirect({ href: safeAdminRedirect(search.redirect) })
    return { email: session.email, step: session.passkeyStep }
  },
  // The title comes with the page's component: the route tree (in every first load) keeps no copy.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => ({ title: m.passkey_meta_title() }),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }, { name: 'robots', content: 'noindex, nofollow' }] }),
  component: PasskeyRoute,
})

function PasskeyRoute() {
  // The page's readiness signal, as the login page gives it.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  const { email, step } = Route.useRouteContext()
  const { redirect: target } = Route.useSearch()
  return <PasskeyStepPage email={email} step={step} redirectTo={safeAdminRedirect(target)} />
}
