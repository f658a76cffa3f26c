import { useMemo, useState, useSyncExternalStore } from 'react'
import { bannerVariantUrl } from '~/domain/banners'
import type { IndustryImage } from '~/domain/site-content'
import { INDUSTRY_IMAGE_SIZE, builtInIndustryImage } from '../industries'
import { INDUSTRY_IMAGES_STORAGE_KEY, parseIndustryImages } from '../industry-images'
import { usePageContent } from '../page-content-context'
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
  const { industries } = usePageContent()
  const ids = industries.items.map((item) => item.id).join(' ')
  const overrides = useMemo(() => parseIndustryImages(stored, ids.split(' ')), [stored, ids])
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set())

  return (
    <section id="industries" aria-labelledby="industries-title" className={`bg-white ${SECTION_SPACING}`}>
      <div className={CONTAINER}>
        <SectionHeading id="industries-title" title={industries.title} subtitle={industries.subtitle} />
        <CardGrid>
          {industries.items.map((industry) => {
            const override = failed.has(industry.id) ? undefined : overrides[industry.id]
            const image = industry.image
            const fallback = builtInIndustryImage(industry.id)
            return (
              <li
                key={industry.id}
                data-testid={`industry-${industry.id}`}
                className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                {override || !image ? (
                  override || fallback ? (
                    <img
                      src={override ?? fallback ?? undefined}
                      alt=""
                      width={INDUSTRY_IMAGE_SIZE.width}
                      height={INDUSTRY_IMAGE_SIZE.height}
                      loading="lazy"
                      decoding="async"
                      onError={() => override && setFailed((prev) => new Set(prev).add(industry.id))}
                      className={IMAGE_CLASS}
                    />
                  ) : (
                    <div aria-hidden="true" className={`${IMAGE_CLASS} bg-gradient-to-br from-brand-50 to-teal-50`} />
                  )
                ) : (
                  <UploadedPicture image={image} />
                )}
                <div className="p-6">
                  <h3 className="text-lg font-semibold text-brand-900">{industry.name}</h3>
                  <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-600">{industry.description}</p>
                </div>
              </li>
            )
          })}
        </CardGrid>
      </div>
    </section>
  )
}

const IMAGE_CLASS = 'aspect-[8/5] w-full bg-slate-100 object-cover'

/** A picture staff uploaded: its AVIF and WebP copies, sized to the card's width on screen. */
function UploadedPicture({ image }: { image: IndustryImage }) {
  const widths = image.variants?.widths ?? []
  const sizes = '(min-width: 1024px) 384px, (min-width: 768px) 50vw, 100vw'
  return (
    <picture>
      {widths.length > 0
        ? (['avif', 'webp'] as const).map((format) => (
            <source
              key={format}
              type={`image/${format}`}
              sizes={sizes}
              srcSet={widths.map((w) => `${bannerVariantUrl(image.url, w, format)} ${w}w`).join(', ')}
            />
          ))
        : null}
      <img
        src={image.url}
        alt=""
        width={INDUSTRY_IMAGE_SIZE.width}
        height={INDUSTRY_IMAGE_SIZE.height}
        loading="lazy"
        decoding="async"
        className={IMAGE_CLASS}
      />
    </picture>
  )
}
