import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import type { Locale } from '~/domain/locales'
import type { PageContent } from '~/domain/site-content'
import { PageContentProvider } from '~/features/landing/page-content-context'
import { SiteFooter, SiteHeader, SkipLink } from '~/features/landing/chrome'
import { useAnnounceHydrated } from '~/lib/early-clicks'
import type { LegalPageId } from '~/lib/legal-pages'
import { m } from '~/paraglide/messages'
import { LEGAL_PAGE_IDS, LEGAL_TITLES, legalHref } from '../legal-titles'
import type { LegalFacts } from '../legal.schemas'
import { CookiePolicyContent } from './cookie-policy-content'
import { NoticeContent } from './notice-content'
import { PrivacyContent } from './privacy-content'

const WIDTH = 'mx-auto max-w-3xl px-4 sm:px-6 lg:px-8'

/**
 * One legal page in the site's frame. The text is static once rendered: Start's `never()` keeps
 * the server's HTML and fetches none of its code, so the page loads no more JavaScript than the
 * header and footer need (docs/decisions/121-legal-pages.md). Every link to a legal page is a
 * document load, as with the landing page (decision 016).
 */
export function LegalPage({
  page,
  locale,
  facts,
  content,
}: {
  page: LegalPageId
  locale: Locale
  facts: LegalFacts
  content: PageContent
}) {
  useAnnounceHydrated()
  const other: Locale = locale === 'tr' ? 'en' : 'tr'
  return (
    <PageContentProvider content={content}>
      <SkipLink />
      <SiteHeader away={{ languageHref: legalHref(page, other) }} />
      <main id="main" tabIndex={-1} className="bg-white pt-16 focus:outline-none">
        <div className="border-b border-slate-200 bg-slate-50">
          <div className={`${WIDTH} py-12 sm:py-16`}>
            <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">{m.legal_eyebrow()}</p>
            <h1 id="legal-title" className="mt-3 text-3xl font-bold tracking-tight text-balance text-brand-900 sm:text-4xl">
              {LEGAL_TITLES[page]()}
            </h1>
            <p className="mt-4 text-sm text-slate-500">{m.legal_updated({ date: m.legal_updated_date() })}</p>
            <nav aria-label={m.legal_nav_label()} className="mt-8">
              <ul className="flex flex-wrap gap-2">
                {LEGAL_PAGE_IDS.map((id) => (
                  <li key={id}>
                    <a
                      href={legalHref(id)}
                      aria-current={id === page ? 'page' : undefined}
                      className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                        id === page
                          ? 'border-brand-900 bg-brand-900 text-white'
                          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700'
                      }`}
                    >
                      {LEGAL_TITLES[id]()}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
        <article className={`${WIDTH} py-12 sm:py-16`} aria-labelledby="legal-title">
          <Hydrate when={never()}>
            <LegalText page={page} locale={locale} facts={facts} />
          </Hydrate>
        </article>
      </main>
      <SiteFooter />
    </PageContentProvider>
  )
}

function LegalText({ page, locale, facts }: { page: LegalPageId; locale: Locale; facts: LegalFacts }) {
  if (page === 'notice') return <NoticeContent facts={facts} locale={locale} />
  if (page === 'privacy') return <PrivacyContent facts={facts} />
  return <CookiePolicyContent facts={facts} />
}
