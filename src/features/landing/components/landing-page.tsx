import type { Locale } from '~/domain/locales'
import type { ContactResult } from '~/features/contact'
import { useAnnounceHydrated } from '~/lib/early-clicks'
import { m } from '~/paraglide/messages'
import type { LandingPageData } from '../landing.schemas'
import { PageContentProvider } from '../page-content-context'
import { type VisitorContent, withStaticOnServer } from '../static-content'
import { PreviewBar } from './preview-bar'
import { AboutSection } from './about-section'
import { ContactSection } from './contact-section'
import { HeroSection } from './hero-section'
import { IndustriesSection } from './industries-section'
import { ProductsSection } from './products-section'
import { ReferencesSection } from './references-section'
import { ServicesSection } from './services-section'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** The whole public page, sections in their order (docs/product.md#landing-page; references before contact). */
export function LandingPage({
  locale,
  data,
  contactResult,
}: {
  locale: Locale
  data: Omit<LandingPageData, 'content'> & { content: VisitorContent }
  contactResult?: ContactResult
}) {
  useAnnounceHydrated()
  return (
    <PageContentProvider content={withStaticOnServer(data.content)}>
      {data.preview ? <PreviewBar draft={data.preview.draft} /> : null}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-900 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300"
      >
        {m.nav_skip()}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection key={locale} locale={locale} banner={data.banner} />
        <AboutSection />
        <ServicesSection />
        <IndustriesSection />
        <ProductsSection />
        <ReferencesSection />
        <ContactSection result={contactResult} />
      </main>
      <SiteFooter />
    </PageContentProvider>
  )
}
