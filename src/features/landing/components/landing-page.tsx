import type { Locale } from '~/domain/locales'
import type { ContactResult } from '~/features/contact'
import { useAnnounceHydrated } from '~/lib/early-clicks'
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
import { SiteHeader, SkipLink } from './site-header'

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
      <SkipLink />
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
