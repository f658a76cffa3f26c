import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { AccountPage } from '~/features/account/components/account-page'
import { SessionsSection } from '~/features/account/components/sessions-section'
import { m } from '~/paraglide/messages'
import { PasskeysSection } from '~/features/account/components/passkeys-section'

export const Route = createFileRoute('/admin/_authed/account')({
  // A static import of the one message: a dynamic import of the namespace would bring every message into the first load.
  head: () => ({ meta: [{ title: m.account_meta_title() }] }),
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
