import { Hydrate } from '@tanstack/react-start'
import { visible } from '@tanstack/react-start/hydration'
import { Quote } from 'lucide-react'
import { m } from '~/paraglide/messages'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading'

const QUOTES = [
  { text: () => m.references_quote1_text(), role: () => m.references_quote1_role() },
  { text: () => m.references_quote2_text(), role: () => m.references_quote2_role() },
  { text: () => m.references_quote3_text(), role: () => m.references_quote3_role() },
]

/** "Trusted by Industry Leaders": placed after Products and right before Contact, so the visitor
 * meets proof from clients at the moment they decide whether to get in touch. */
export function ReferencesSection() {
  return (
    <section id="references" aria-labelledby="references-title" className={`bg-white ${SECTION_SPACING}`}>
      <Hydrate when={visible()}>
        <ReferencesContent />
      </Hydrate>
    </section>
  )
}

function ReferencesContent() {
  return (
    <div className={CONTAINER}>
      <SectionHeading id="references-title" title={m.references_title()} subtitle={m.references_subtitle()} />
      <CardGrid>
        {QUOTES.map(({ text, role }) => (
          <li key={role()}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-7">
              <Quote aria-hidden="true" className="size-8 text-teal-600" strokeWidth={1.5} />
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-800">
                <p>{text()}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-200 pt-4 text-sm font-semibold text-brand-900">
                {role()}
              </figcaption>
            </figure>
          </li>
        ))}
      </CardGrid>
    </div>
  )
}
