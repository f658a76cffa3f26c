import type { ReactNode } from 'react'
import { HEADING_CLASS } from '../section-layout'

/** The centred title block every section starts with; `id` labels the section. */
export function SectionHeading(props: HeadingProps) {
  return (
    <div className={HEADING_CLASS}>
      <SectionHeadingContent {...props} />
    </div>
  )
}

type HeadingProps = { id: string; title: string; subtitle?: ReactNode; tone?: 'light' | 'dark' }

/** What `SectionHeading` holds, for a block that renders it on the server only. */
export function SectionHeadingContent({ id, title, subtitle, tone = 'light' }: HeadingProps) {
  const dark = tone === 'dark'
  return (
    <>
      <span aria-hidden="true" className={`mx-auto mb-5 block h-1 w-12 rounded-full ${dark ? 'bg-teal-400' : 'bg-teal-500'}`} />
      <h2
        id={id}
        className={`text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-brand-900'}`}
      >
        {title}
      </h2>
      {subtitle ? <p className={`mt-4 text-lg text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{subtitle}</p> : null}
    </>
  )
}
