import { Hydrate } from '@tanstack/react-start'
import { never } from '@tanstack/react-start/hydration'
import { LEGAL_PAGES } from '~/lib/legal-pages'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'
import { usePageContent } from '../page-content-context'
import { OfficeAddress } from './office-address'
import { CONTAINER } from '../section-layout'
import { Logo } from './logo'

const LEGAL = [
  { key: 'data-protection', path: LEGAL_PAGES.notice.tr, label: () => m.footer_data_protection() },
  { key: 'privacy', path: LEGAL_PAGES.privacy.tr, label: () => m.footer_privacy() },
  { key: 'cookies', path: LEGAL_PAGES.cookies.tr, label: () => m.footer_cookies() },
]

const LINK = 'rounded-sm hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300'
const TITLE = 'text-sm font-semibold tracking-wide text-white uppercase'

function LinkedInMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
    </svg>
  )
}

/** Static, as the About section: plain links only, so the server's HTML is the whole footer and its
 * code is never fetched (every page that shows it is a document load; decision 016). */
export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-slate-300">
      <Hydrate when={never()}>
        <FooterContent />
      </Hydrate>
    </footer>
  )
}

function FooterContent() {
  const { footer, contact } = usePageContent()
  return (
    <>
      <div className={`${CONTAINER} grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-4`}>
        <div className="lg:col-span-2">
          <Logo tone="light" />
          <p className="mt-4 max-w-md leading-relaxed whitespace-pre-line">{footer.description}</p>
        </div>
        <div>
          <h2 className={TITLE}>{m.footer_office_title()}</h2>
          <OfficeAddress className="mt-4 leading-relaxed" />
          <h2 className={`${TITLE} mt-8`}>{m.footer_follow_title()}</h2>
          <a
            href={contact.linkedinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`mt-4 inline-flex items-center gap-2 ${LINK}`}
          >
            <LinkedInMark />
            LinkedIn
            <span className="sr-only"> {m.footer_new_tab()}</span>
          </a>
        </div>
        <div>
          <h2 className={TITLE}>{m.footer_legal_title()}</h2>
          <ul className="mt-4 space-y-3">
            {LEGAL.map(({ key, path, label }) => (
              <li key={key}>
                <a href={localizeHref(path)} className={LINK} data-testid={`legal-${key}`}>
                  {label()}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className={`${CONTAINER} py-6 text-sm text-slate-400`}>
          {m.footer_copyright({ year: String(footer.copyrightYear), name: contact.legalName })}
        </p>
      </div>
    </>
  )
}
