import { SignOutButton } from '~/features/auth/components/sign-out-button'
import { m } from '~/paraglide/messages'
import { RailTooltip } from './rail-tooltip'

/**
 * Who is signed in, and 'Çıkış', at the foot of the sidebar and of the phone menu. On the narrow
 * rail an initial stands for the address (named for screen readers) and 'Çıkış' is its icon.
 */
export function StaffAccount({ email, rail = false }: { email: string; rail?: boolean }) {
  if (!rail) {
    return (
      <div className="border-t border-slate-200 p-4">
        <p className="text-xs text-slate-500">{m.staff_signed_in_as()}</p>
        <p className="mt-0.5 truncate text-sm font-medium text-slate-900" title={email}>
          {email}
        </p>
        <SignOutButton className="mt-3 w-full" />
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center border-t border-slate-200 p-3 2xl:items-stretch 2xl:p-4">
      <span
        aria-hidden="true"
        title={email}
        className="flex size-9 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 uppercase 2xl:hidden"
      >
        {email.charAt(0)}
      </span>
      <p className="sr-only text-xs text-slate-500 2xl:not-sr-only">{m.staff_signed_in_as()}</p>
      <p
        className="sr-only truncate text-sm font-medium text-slate-900 2xl:not-sr-only 2xl:mt-0.5"
        title={email}
        data-testid="staff-email"
      >
        {email}
      </p>
      <div className="group relative mt-3 2xl:w-full">
        <SignOutButton className="size-10 px-0 2xl:w-full 2xl:px-4" labelClassName="sr-only 2xl:not-sr-only" />
        <RailTooltip>{m.auth_sign_out()}</RailTooltip>
      </div>
    </div>
  )
}
