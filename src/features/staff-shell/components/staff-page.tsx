import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, buttonClass } from '~/components/ui/button'

/** The frame every staff page shares: its title, what it is for, the way back to the inbox and its actions. */
export function StaffPage(props: {
  title: ReactNode
  description?: ReactNode
  /** The label of the link back to the inbox; none on pages reached only from the navigation. */
  back?: string
  actions?: ReactNode
  /** 'narrow' for a single column of settings ('Hesabım'). */
  width?: 'wide' | 'narrow'
  children: ReactNode
}) {
  const width = props.width === 'narrow' ? 'max-w-3xl' : 'max-w-[100rem]'
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className={`mx-auto ${width} px-4 py-6 sm:px-6 lg:px-8`}>
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{props.title}</h1>
            {props.description ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{props.description}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {props.back ? (
              <Link to="/admin/messages" className={buttonClass('secondary')}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                {props.back}
              </Link>
            ) : null}
            {props.actions}
          </div>
        </header>
        {props.children}
      </main>
    </div>
  )
}

/** What a staff page shows when its list could not be read: the reason and a way to try again. */
export function LoadFailed(props: { message: ReactNode; retry: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 flex flex-col items-center gap-3 px-4 py-16 text-sm text-slate-600">
      {props.message}
      <Button variant="secondary" size="sm" onClick={props.onRetry}>
        {props.retry}
      </Button>
    </div>
  )
}
