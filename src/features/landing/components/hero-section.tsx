import { createIsomorphicFn } from '@tanstack/react-start'
import type { Locale } from '~/domain/locales'
import { KEEP_SERVER_HTML } from '~/lib/server-html'
import { m } from '~/paraglide/messages'
import { HERO_IMAGE_SIZE, type HeroBanner, heroPicture } from '../hero-image'
import type { LandingPageData } from '../landing.schemas'
import { useHeroBanner } from '../use-hero-banner'

/** The banner as the server renders it; the browser keeps that HTML and changes it only when the banner
 * does (`useHeroBanner`), so the picture's code is fetched only then (decision 013). */
const heroContent = createIsomorphicFn()
  .server((locale: Locale, banner: HeroBanner) => ({ children: <HeroPicture locale={locale} banner={banner} /> }))
  .client(() => KEEP_SERVER_HTML)

/** The full-width banner under the header, as a <picture>: a phone downloads a copy as wide as it
 * shows (and the mobile image, when the banner has one), never the uploaded original. */
export function HeroSection({ locale, banner }: { locale: Locale; banner: LandingPageData['banner'] }) {
  useHeroBanner(locale, banner)
  return (
    <section id="home" aria-labelledby="hero-title" className="bg-white pt-16">
      <h1 id="hero-title" className="m-0" {...heroContent(locale, banner)} />
    </section>
  )
}

function HeroPicture({ locale, banner }: { locale: Locale; banner: HeroBanner }) {
  const picture = heroPicture(locale, banner)
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={`${source.media}${source.type}`} {...source} />
      ))}
      <img
        src={picture.src}
        alt={m.hero_alt()}
        width={HERO_IMAGE_SIZE.width}
        height={HERO_IMAGE_SIZE.height}
        loading="eager"
        fetchPriority="high"
        data-testid="hero-image"
        className="block h-[220px] w-full bg-white object-contain sm:h-[300px] md:h-[400px] lg:h-[520px]"
      />
    </picture>
  )
}
