import { useEffect, useRef, useState } from 'react'
import { BANNER_BY_LOCALE, type Locale } from '~/backend/domain'
import { m } from '~/paraglide/messages'
import type { BannerUpdate } from '../banner-events.client'
import { HERO_IMAGE_SIZE, defaultHeroUrl, defaultHeroWebpSrcSet, heroUrl, withVersion } from '../hero-image'
import type { LandingPageData } from '../landing.schemas'
import { useLiveBanner } from '../use-live-banner'

export const HERO_FALLBACK_WARNING = 'Hero image failed to load, using fallback'

/**
 * The full-width banner under the header. The server renders the stored image of the page's
 * language; a live change replaces it (with ?v=<stamp>), and an image that fails to load gives
 * way to the language's default with a console warning (spec §4, §8).
 */
export function HeroSection({ locale, banner }: { locale: Locale; banner: LandingPageData['banner'] }) {
  const fallback = defaultHeroUrl(locale)
  const [src, setSrc] = useState(() => heroUrl(locale, banner.imageUrl))
  const updatedAt = useRef(banner.updatedAt)
  const img = useRef<HTMLImageElement>(null)

  const apply = (update: BannerUpdate) => {
    updatedAt.current = update.updatedAt
    const stamp = update.updatedAt ? Date.parse(update.updatedAt) || Date.now() : Date.now()
    setSrc(withVersion(heroUrl(locale, update.imageUrl), stamp))
  }

  useLiveBanner(BANNER_BY_LOCALE[locale], {
    // On (re)connection, catch up only if the row changed since the page was rendered.
    onSnapshot: (update) => {
      if (update.updatedAt !== updatedAt.current) apply(update)
    },
    onChange: apply,
  })

  const fallBack = () => {
    if (src === fallback) return
    console.warn(HERO_FALLBACK_WARNING)
    setSrc(fallback)
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
          {src === fallback ? <source type="image/webp" srcSet={defaultHeroWebpSrcSet(locale)} sizes="100vw" /> : null}
          <img
            ref={img}
            src={src}
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
