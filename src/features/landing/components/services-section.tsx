import { Hydrate } from '@tanstack/react-start'
import { visible } from '@tanstack/react-start/hydration'
import { BrainCircuit, Gauge, HeartHandshake, ShieldCheck, Sparkles, Workflow } from 'lucide-react'
import { m } from '~/paraglide/messages'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading'

/** The six services, in the order the page lists them. */
const SERVICES = [
  { key: 'ai', icon: BrainCircuit, title: () => m.services_ai_title(), text: () => m.services_ai_description() },
  { key: 'maturity', icon: Gauge, title: () => m.services_maturity_title(), text: () => m.services_maturity_description() },
  { key: 'crm', icon: HeartHandshake, title: () => m.services_crm_title(), text: () => m.services_crm_description() },
  {
    key: 'transformation',
    icon: Workflow,
    title: () => m.services_transformation_title(),
    text: () => m.services_transformation_description(),
  },
  {
    key: 'governance',
    icon: ShieldCheck,
    title: () => m.services_governance_title(),
    text: () => m.services_governance_description(),
  },
  {
    key: 'experience',
    icon: Sparkles,
    title: () => m.services_experience_title(),
    text: () => m.services_experience_description(),
  },
]

/** Static: the server's HTML is the whole section; its code is fetched only when it comes into view
 * (selective hydration), so it is not part of the page's first load. */
export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className={`bg-slate-50 ${SECTION_SPACING}`}>
      <Hydrate when={visible()}>
        <ServicesContent />
      </Hydrate>
    </section>
  )
}

function ServicesContent() {
  return (
    <div className={CONTAINER}>
      <SectionHeading id="services-title" title={m.services_title()} subtitle={m.services_subtitle()} />
      <CardGrid>
        {SERVICES.map(({ key, icon: Icon, title, text }) => (
          <li
            key={key}
            data-testid={`service-${key}`}
            className="group rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow motion-safe:duration-200 hover:shadow-md"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-brand-900">{title()}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{text()}</p>
          </li>
        ))}
      </CardGrid>
    </div>
  )
}
