import { createIsomorphicFn } from '@tanstack/react-start'
import { bannerVariantUrl } from '~/domain/banners'
import type { IndustryImage } from '~/domain/site-content'
import { KEEP_SERVER_HTML } from '~/lib/server-html'
import { INDUSTRY_IMAGE_CLASS, INDUSTRY_IMAGE_SIZE, builtInIndustryImage } from '../industries'
import { usePageContent } from '../page-content-context'
import { useStoredIndustryImages } from '../use-stored-industry-images'
import { CardGrid } from './card-grid'
import { CONTAINER, SECTION_SPACING } from '../section-layout'
import { SectionHeading } from './section-heading'

/** The section's inside, rendered on the server only: its texts travel once, in the HTML (decision 013). */
const industriesContent = createIsomorphicFn()
  .server(() => ({ children: <IndustriesContent /> }))
  .client(() => KEEP_SERVER_HTML)

/** The industries with the server's pictures; the browser-stored map replaces them right after
 * hydration (`useStoredIndustryImages`). */
export function IndustriesSection() {
  useStoredIndustryImages()
  return (
    <section
      id="industries"
      aria-labelledby="industries-title"
      className={`bg-white ${SECTION_SPACING}`}
      {...industriesContent()}
    />
  )
}

function IndustriesContent() {
  const { industries } = usePageContent()
  return (
    <div className={CONTAINER}>
      <SectionHeading id="industries-title" title={industries.title} subtitle={industries.subtitle} />
      <CardGrid>
        {industries.items.map((industry) => {
          const fallback = builtInIndustryImage(industry.id)
          return (
            <li
              key={industry.id}
              data-industry={industry.id}
              data-testid={`industry-${industry.id}`}
              className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              {industry.image ? (
                <UploadedPicture image={industry.image} />
              ) : fallback ? (
                <IndustryImg src={fallback} />
              ) : (
                <div aria-hidden="true" className={`${INDUSTRY_IMAGE_CLASS} bg-gradient-to-br from-brand-50 to-teal-50`} />
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
  )
}

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
      <IndustryImg src={image.url} />
    </picture>
  )
}

/** The card's picture: decorative (the name says what it shows), lazy, its box reserved. */
function IndustryImg({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={INDUSTRY_IMAGE_SIZE.width}
      height={INDUSTRY_IMAGE_SIZE.height}
      loading="lazy"
      decoding="async"
      className={INDUSTRY_IMAGE_CLASS}
    />
  )
}
