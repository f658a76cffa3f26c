import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { AccountPage } from '~/features/account/components/account-page'
import { SessionsSection } from '~/features/account/components/sessions-section'
import { m } from '~/paraglide/messages'
import { PasskeysSection } from '~/features/account/components/passkeys-section'

export const Route = createFileRoute('/admin/_authed/account')({
  // The title comes with the page's component: the route tree (in every first load) keeps no copy.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => ({ title: m.account_meta_title() }),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.title }] }),
  component: AccountRoute,
})

function AccountRoute() {
  return (
    <AccountPage actions={<SignOutButton />}>
      <PasskeysSection />
      <SessionsSection />
    </AccountPage>
  )
}
