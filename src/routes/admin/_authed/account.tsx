import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { AccountPage } from '~/features/account/components/account-page'
import { PasskeysSection } from '~/features/account/components/passkeys-section'

export const Route = createFileRoute('/admin/_authed/account')({
  // The title's copy belongs to the admin chunks, not to the route tree every page loads.
  loader: () => import('~/paraglide/messages').then(({ m }) => ({ title: m.account_meta_title() })),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: AccountRoute,
})

function AccountRoute() {
  return (
    <AccountPage actions={<SignOutButton />}>
      <PasskeysSection />
    </AccountPage>
  )
}
