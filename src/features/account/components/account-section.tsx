import { type ReactNode, useId } from 'react'

/** One card of 'Hesabım': a titled section, what it is for, an optional action beside the title. */
export function AccountSection(props: { title: ReactNode; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {props.title}
          </h2>
          {props.description ? <p className="mt-0.5 max-w-prose text-sm text-slate-600">{props.description}</p> : null}
        </div>
        {props.action}
      </header>
      {props.children}
    </section>
  )
}
