import type { ReactNode } from 'react'

/** The centred title block every section starts with; `id` labels the section. */
export function SectionHeading({
  id,
  title,
  subtitle,
  tone = 'light',
}: {
  id: string
  title: string
  subtitle?: ReactNode
  tone?: 'light' | 'dark'
}) {
  const dark = tone === 'dark'
  return (
    <div className="mx-auto max-w-3xl text-center">
      <span aria-hidden="true" className={`mx-auto mb-5 block h-1 w-12 rounded-full ${dark ? 'bg-teal-400' : 'bg-teal-500'}`} />
      <h2
        id={id}
        className={`text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-brand-900'}`}
      >
        {title}
      </h2>
      {subtitle ? <p className={`mt-4 text-lg text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{subtitle}</p> : null}
    </div>
  )
}

/** Width and padding shared by every section's content. */
export const CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8'
export const SECTION_SPACING = 'py-20 sm:py-24'
