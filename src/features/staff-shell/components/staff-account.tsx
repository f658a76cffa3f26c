import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { m } from '~/paraglide/messages'

/** Who is signed in, and 'Çıkış', at the foot of the sidebar and of the phone menu. */
export function StaffAccount({ email }: { email: string }) {
  return (
    <div className="border-t border-slate-200 p-4">
      <p className="text-xs text-slate-500">{m.staff_signed_in_as()}</p>
      <p className="mt-0.5 truncate text-sm font-medium text-slate-900" title={email} data-testid="staff-email">
        {email}
      </p>
      <SignOutButton className="mt-3 w-full" />
    </div>
  )
}
