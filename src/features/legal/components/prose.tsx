import type { ReactNode } from 'react'
import { usePageContent } from '~/features/landing/page-content-context'

/** The pieces a legal text is written in, styled once for all three pages. */
export const LINK =
  'font-medium text-brand-700 underline decoration-brand-700/30 underline-offset-2 hover:decoration-brand-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="scroll-mt-24 text-xl font-semibold tracking-tight text-balance text-brand-900 sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function Subheading({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 text-lg font-semibold text-brand-900">{children}</h3>
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p className="mt-4 leading-relaxed text-pretty text-slate-700">{children}</p>
}

export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-teal-600">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences, never reordered
        <li key={index} className="pl-1 text-pretty">
          {item}
        </li>
      ))}
    </ul>
  )
}

/** `text` with the firm's address made a mailto link wherever it appears. */
export function WithEmail({ text }: { text: string }) {
  const { email } = usePageContent().contact
  const parts = text.split(email)
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order
        <span key={index}>
          {index > 0 ? (
            <a href={`mailto:${email}`} className={LINK}>
              {email}
            </a>
          ) : null}
          {part}
        </span>
      ))}
    </>
  )
}
