import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { Quote } from 'lucide-react'
import { usePageContent } from '../page-content-context'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING } from '../section-layout'
import { SectionHeading } from './section-heading'

/**
 * "Trusted by Industry Leaders": placed after Products and right before Contact, so the
 * visitor meets proof from clients at the moment they decide whether to get in touch.
 * Static: the server's HTML is the whole section and Start's `never()` fetches no code for it, so
 * its texts stay on the server (static-content.ts, decision 210).
 */
export function ReferencesSection() {
  return (
    <section id="references" aria-labelledby="references-title" className={`bg-white ${SECTION_SPACING}`}>
      <Hydrate when={never()}>
        <ReferencesContent />
      </Hydrate>
    </section>
  )
}

function ReferencesContent() {
  const { references } = usePageContent()
  return (
    <div className={CONTAINER}>
      <SectionHeading id="references-title" title={references.title} subtitle={references.subtitle} />
      <CardGrid>
        {references.items.map(({ id, text, role }) => (
          <li key={id} data-testid={`reference-${id}`}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-7">
              <Quote aria-hidden="true" className="size-8 text-teal-600" strokeWidth={1.5} />
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-800">
                <p className="whitespace-pre-line">{text}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-200 pt-4 text-sm font-semibold text-brand-900">{role}</figcaption>
            </figure>
          </li>
        ))}
      </CardGrid>
    </div>
  )
}
