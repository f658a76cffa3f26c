import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { m } from '~/paraglide/messages'
import { usePageContent } from '../page-content-context'
import { CardGrid } from './card-grid'
import { CONTENT_ICON_COMPONENTS } from './content-icon'
import { CONTAINER, SECTION_SPACING } from '../section-layout'
import { SectionHeading } from './section-heading'

/**
 * Static: the server's HTML is the whole section and Start's `never()` fetches no code for it, so
 * its texts stay on the server (static-content.ts, decision 210).
 */
export function ProductsSection() {
  return (
    <section id="products" aria-labelledby="products-title" className={`bg-brand-900 ${SECTION_SPACING}`}>
      <Hydrate when={never()}>
        <ProductsContent />
      </Hydrate>
    </section>
  )
}

function ProductsContent() {
  const { products } = usePageContent()
  return (
    <div className={CONTAINER}>
      <SectionHeading id="products-title" title={products.title} subtitle={products.subtitle} tone="dark" />
      <CardGrid>
        {products.items.map(({ id, icon, title, text }) => {
          const Icon = CONTENT_ICON_COMPONENTS[icon]
          return (
            <li
              key={id}
              data-testid={`product-${id}`}
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
              <h3 className="mt-5 text-lg font-semibold text-white">{title}</h3>
              <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-300">{text}</p>
            </li>
          )
        })}
      </CardGrid>
    </div>
  )
}
