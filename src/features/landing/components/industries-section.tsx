import { useMemo, useState, useSyncExternalStore } from 'react'
import { m } from '~/paraglide/messages'
import { INDUSTRIES, INDUSTRY_IMAGE_SIZE, type IndustryKey } from '../industries'
import { INDUSTRY_IMAGES_STORAGE_KEY, parseIndustryImages } from '../industry-images'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading'

function readStored(): string | null {
  try {
    return window.localStorage.getItem(INDUSTRY_IMAGES_STORAGE_KEY)
  } catch {
    return null
  }
}

function onStorage(notify: () => void): () => void {
  window.addEventListener('storage', notify)
  return () => window.removeEventListener('storage', notify)
}

export function IndustriesSection() {
  // The server snapshot (nothing stored) is also used while hydrating, so both renders
  // agree; the stored map applies right after, and follows changes made in other tabs.
  const stored = useSyncExternalStore(onStorage, readStored, () => null)
  const overrides = useMemo(() => parseIndustryImages(stored), [stored])
  const [failed, setFailed] = useState<ReadonlySet<IndustryKey>>(new Set())

  return (
    <section id="industries" aria-labelledby="industries-title" className={`bg-white ${SECTION_SPACING}`}>
      <div className={CONTAINER}>
        <SectionHeading id="industries-title" title={m.industries_title()} subtitle={m.industries_subtitle()} />
        <CardGrid>
          {INDUSTRIES.map((industry) => {
            const override = failed.has(industry.key) ? undefined : overrides[industry.key]
            return (
              <li
                key={industry.key}
                data-testid={`industry-${industry.key}`}
                className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                <img
                  src={override ?? industry.image}
                  alt=""
                  width={INDUSTRY_IMAGE_SIZE.width}
                  height={INDUSTRY_IMAGE_SIZE.height}
                  loading="lazy"
                  decoding="async"
                  onError={() => override && setFailed((prev) => new Set(prev).add(industry.key))}
                  className="aspect-[8/5] w-full bg-slate-100 object-cover"
                />
                <div className="p-6">
                  <h3 className="text-lg font-semibold text-brand-900">{industry.name()}</h3>
                  <p className="mt-2 leading-relaxed text-slate-600">{industry.description()}</p>
                </div>
              </li>
            )
          })}
        </CardGrid>
      </div>
    </section>
  )
}
