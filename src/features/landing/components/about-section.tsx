import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { Compass, Route, Scale } from 'lucide-react'
import { usePageContent } from '../page-content-context'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING } from '../section-layout'
import { SectionHeading } from './section-heading'

/** The three pillars' icons, in order; their texts are content. */
const PILLAR_ICONS = [Compass, Scale, Route]

/** Static: the server's HTML is the whole section. Right under the hero it is in view on every load,
 * where `visible()` would fetch and hydrate it with the page; Start's `never()` keeps the server's
 * HTML and fetches no code (docs/decisions/016). */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className={`border-t border-slate-100 bg-white ${SECTION_SPACING}`}>
      <Hydrate when={never()}>
        <AboutContent />
      </Hydrate>
    </section>
  )
}

function AboutContent() {
  const { about } = usePageContent()
  return (
    <div className={CONTAINER}>
      <SectionHeading id="about-title" title={about.title} />
      <div className="mx-auto mt-8 max-w-3xl text-left sm:text-center">
        <p className="text-center text-xl leading-relaxed font-semibold text-pretty whitespace-pre-line text-brand-900">
          {about.intro}
        </p>
        <p className="mt-6 text-lg leading-relaxed text-pretty whitespace-pre-line text-slate-600">{about.paragraph1}</p>
        <p className="mt-4 text-lg leading-relaxed text-pretty whitespace-pre-line text-slate-600">{about.paragraph2}</p>
      </div>
      <CardGrid>
        {about.pillars.map(({ title, text }, index) => {
          const Icon = PILLAR_ICONS[index % PILLAR_ICONS.length] ?? Compass
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: always three pillars, never reordered
            <li key={index} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
              <Icon aria-hidden="true" className="size-7 text-teal-700" strokeWidth={1.75} />
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{title}</h3>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-600">{text}</p>
            </li>
          )
        })}
      </CardGrid>
    </div>
  )
}
