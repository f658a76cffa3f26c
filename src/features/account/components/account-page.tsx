import { StaffPage } from '~/features/staff-shell/components/staff-page'
import type { ReactNode } from 'react'
import { m } from '~/paraglide/messages'
import { ProfileSection } from './profile-section'

/** /admin/account 'Hesabım': one section after another (the profile; sign-in security beside it). */
export function AccountPage({ actions, children }: { actions?: ReactNode; children?: ReactNode }) {
  return (
    <StaffPage title={m.account_title()} back={m.team_back()} actions={actions} width="narrow">
      <div className="mt-6 space-y-6">
        <ProfileSection />
        {children}
      </div>
    </StaffPage>
  )
}
