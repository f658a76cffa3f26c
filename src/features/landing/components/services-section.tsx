import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { usePageContent } from '../page-content-context'
import { CardGrid } from './card-grid'
import { CONTENT_ICON_COMPONENTS } from './content-icon'
import { CONTAINER, SECTION_SPACING } from '../section-layout'
import { SectionHeading } from './section-heading'

/**
 * Static: the server's HTML is the whole section and Start's `never()` fetches no code for it, so
 * its texts stay on the server (static-content.ts, decision 210).
 */
export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className={`bg-slate-50 ${SECTION_SPACING}`}>
      <Hydrate when={never()}>
        <ServicesContent />
      </Hydrate>
    </section>
  )
}

function ServicesContent() {
  const { services } = usePageContent()
  return (
    <div className={CONTAINER}>
      <SectionHeading id="services-title" title={services.title} subtitle={services.subtitle} />
      <CardGrid>
        {services.items.map(({ id, icon, title, text }) => {
          const Icon = CONTENT_ICON_COMPONENTS[icon]
          return (
            <li
              key={id}
              data-testid={`service-${id}`}
              className="group rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow motion-safe:duration-200 hover:shadow-md"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-brand-900">{title}</h3>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-600">{text}</p>
            </li>
          )
        })}
      </CardGrid>
    </div>
  )
}
