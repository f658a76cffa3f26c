import { Hydrate } from '@tanstack/react-start'
import { visible } from '@tanstack/react-start/hydration'
import { ClipboardCheck, FlaskConical, LayoutDashboard } from 'lucide-react'
import { m } from '~/paraglide/messages'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading'

const PRODUCTS = [
  {
    key: 'assessment',
    icon: ClipboardCheck,
    title: () => m.products_assessment_title(),
    text: () => m.products_assessment_description(),
  },
  {
    key: 'dashboard',
    icon: LayoutDashboard,
    title: () => m.products_dashboard_title(),
    text: () => m.products_dashboard_description(),
  },
  {
    key: 'simulator',
    icon: FlaskConical,
    title: () => m.products_simulator_title(),
    text: () => m.products_simulator_description(),
  },
]

/** Static: the server's HTML is the whole section; its code is fetched only when it comes into view
 * (selective hydration), so it is not part of the page's first load. */
export function ProductsSection() {
  return (
    <section id="products" aria-labelledby="products-title" className={`bg-brand-900 ${SECTION_SPACING}`}>
      <Hydrate when={visible()}>
        <ProductsContent />
      </Hydrate>
    </section>
  )
}

function ProductsContent() {
  return (
    <div className={CONTAINER}>
      <SectionHeading id="products-title" title={m.products_title()} subtitle={m.products_subtitle()} tone="dark" />
      <CardGrid>
        {PRODUCTS.map(({ key, icon: Icon, title, text }) => (
          <li
            key={key}
            data-testid={`product-${key}`}
            className="flex flex-col rounded-2xl border border-white/10 bg-white/[0.04] p-7"
          >
            <div className="flex items-start justify-between gap-4">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-teal-400/10 text-teal-300 ring-1 ring-teal-300/20">
                <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
              </span>
              <span className="rounded-full bg-teal-300/10 px-3 py-1 text-xs font-semibold tracking-wide text-teal-200 uppercase ring-1 ring-teal-300/30">
                {m.products_coming_soon()}
              </span>
            </div>
            <h3 className="mt-5 text-lg font-semibold text-white">{title()}</h3>
            <p className="mt-2 leading-relaxed text-slate-300">{text()}</p>
          </li>
        ))}
      </CardGrid>
    </div>
  )
}
