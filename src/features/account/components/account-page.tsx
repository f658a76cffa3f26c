import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { ProfileSection } from './profile-section'

/** /admin/account 'Hesabım': one section after another (the profile; sign-in security beside it). */
export function AccountPage({ actions, children }: { actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 md:flex-row md:items-end md:justify-between">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.account_title()}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/admin/messages" className={buttonClass('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {m.team_back()}
            </Link>
            {actions}
          </div>
        </header>
        <div className="mt-6 space-y-6">
          <ProfileSection />
          {children}
        </div>
      </main>
    </div>
  )
}
