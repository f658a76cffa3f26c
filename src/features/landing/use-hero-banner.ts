import { useEffect, useRef } from 'react'
import { BANNER_BY_LOCALE } from '~/domain/banners'
import type { Locale } from '~/domain/locales'
import type { BannerUpdate } from './banner-events.client'
import type { HeroBanner } from './hero-image'
import { useLiveBanner } from './use-live-banner'

const loadRender = () => import('./hero-render')

/**
 * The hero after hydration: a live change of the language's banner is shown (its `updatedAt` as the
 * `v` stamp), and an image that fails to load (before hydration too) falls back to the default
 * (docs/product.md#hero-banner). The code that draws the picture is fetched only for either.
 */
export function useHeroBanner(locale: Locale, banner: HeroBanner & { updatedAt: string | null }): void {
  const shown = useRef<HeroBanner>(banner)
  const updatedAt = useRef(banner.updatedAt)

  const apply = (update: BannerUpdate) => {
    updatedAt.current = update.updatedAt
    shown.current = update
    const stamp = update.updatedAt ? Date.parse(update.updatedAt) || Date.now() : Date.now()
    void loadRender().then(({ renderHero }) => renderHero(locale, update, stamp))
  }
  useLiveBanner(BANNER_BY_LOCALE[locale], {
    // On (re)connection, catch up only if the row changed since the page was rendered.
    onSnapshot: (update) => {
      if (update.updatedAt !== updatedAt.current) apply(update)
    },
    onChange: apply,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language's hero is mounted once per locale (keyed)
  useEffect(() => {
    const img = document.querySelector<HTMLImageElement>('#hero-title img')
    if (!img) return
    const fallBack = () =>
      void loadRender().then(({ fallBackHero }) => {
        if (fallBackHero(locale, shown.current)) shown.current = { imageUrl: null }
      })
    img.addEventListener('error', fallBack)
    // An image that failed before hydration fired its error event before anyone listened.
    if (img.complete && img.naturalWidth === 0) fallBack()
    return () => img.removeEventListener('error', fallBack)
  }, [])
}
