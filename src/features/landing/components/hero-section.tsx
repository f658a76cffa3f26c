import { useEffect, useRef, useState } from 'react'
import { BANNER_BY_LOCALE } from '~/domain/banners'
import type { Locale } from '~/domain/locales'
import { m } from '~/paraglide/messages'
import type { BannerUpdate } from '../banner-events.client'
import { HERO_IMAGE_SIZE, type HeroBanner, heroPicture } from '../hero-image'
import type { LandingPageData } from '../landing.schemas'
import { useLiveBanner } from '../use-live-banner'

export const HERO_FALLBACK_WARNING = 'Hero image failed to load, using fallback'

/** The full-width banner under the header, as a <picture>: a phone downloads a copy as wide as it
 * shows (and the mobile image, when the banner has one), never the uploaded original. */
export function HeroSection({ locale, banner }: { locale: Locale; banner: LandingPageData['banner'] }) {
  const [shown, setShown] = useState<{ banner: HeroBanner; stamp?: number }>({ banner })
  const updatedAt = useRef(banner.updatedAt)
  const img = useRef<HTMLImageElement>(null)
  const picture = heroPicture(locale, shown.banner, shown.stamp)

  const apply = (update: BannerUpdate) => {
    updatedAt.current = update.updatedAt
    const stamp = update.updatedAt ? Date.parse(update.updatedAt) || Date.now() : Date.now()
    setShown({ banner: update, stamp })
  }

  useLiveBanner(BANNER_BY_LOCALE[locale], {
    // On (re)connection, catch up only if the row changed since the page was rendered.
    onSnapshot: (update) => {
      if (update.updatedAt !== updatedAt.current) apply(update)
    },
    onChange: apply,
  })

  const fallBack = () => {
    if (picture.isDefault && !shown.banner.mobileImageUrl) return
    console.warn(HERO_FALLBACK_WARNING)
    setShown({ banner: { imageUrl: null } })
  }

  // An image that failed before hydration fired its error event before React listened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the server-rendered image can have failed unobserved, so this runs once
  useEffect(() => {
    const el = img.current
    if (el?.complete && el.naturalWidth === 0) fallBack()
  }, [])

  return (
    <section id="home" aria-labelledby="hero-title" className="bg-white pt-16">
      <h1 id="hero-title" className="m-0">
        <picture>
          {picture.sources.map((source) => (
            <source key={`${source.media}${source.type}`} {...source} />
          ))}
          <img
            ref={img}
            src={picture.src}
            alt={m.hero_alt()}
            width={HERO_IMAGE_SIZE.width}
            height={HERO_IMAGE_SIZE.height}
            loading="eager"
            fetchPriority="high"
            onError={fallBack}
            data-testid="hero-image"
            className="block h-[220px] w-full bg-white object-contain sm:h-[300px] md:h-[400px] lg:h-[520px]"
          />
        </picture>
      </h1>
    </section>
  )
}
