import { usePageContent } from '~/features/landing/page-content-context'
import { m } from '~/paraglide/messages'
import type { CookieRow, LegalFacts } from '../legal.schemas'
import { Paragraph, Section } from './prose'
import { VisitStatsSection } from './visit-stats-section'

const DAY_SECONDS = 24 * 60 * 60

/** Copy for each cookie of src/lib/cookies.ts: a cookie added there without copy fails the typecheck. */
const PURPOSES: Record<CookieRow['id'], (facts: LegalFacts) => string> = {
  locale: () => m.legal_cookies_purpose_locale(),
  session: (facts) => m.legal_cookies_purpose_session({ hours: facts.sessionIdleHours }),
  'supabase-session': () => m.legal_cookies_purpose_supabase(),
  'code-browser': () => m.legal_cookies_purpose_code_browser(),
  passkey: () => m.legal_cookies_purpose_passkey(),
}

function lifetime(cookie: CookieRow): string {
  if (cookie.maxAgeSeconds < DAY_SECONDS)
    return m.legal_cookies_lifetime_minutes({ minutes: Math.round(cookie.maxAgeSeconds / 60) })
  const days = Math.round(cookie.maxAgeSeconds / DAY_SECONDS)
  // A session cookie may end sooner (inactivity, sign-out); the locale cookie lives its full term.
  return cookie.audience === 'staff' ? m.legal_cookies_lifetime_max({ days }) : m.legal_cookies_lifetime({ days })
}

// Below sm the table becomes one card per cookie, each value under its column's name.
const CELL = 'px-4 py-1.5 align-top max-sm:block sm:py-4'

function Label({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-semibold tracking-wide text-brand-900 uppercase sm:hidden">
      {children}
    </span>
  )
}

/** The cookie policy: the table is this deployment's list of cookies (src/lib/cookies.ts). */
export function CookiePolicyContent({ facts }: { facts: LegalFacts }) {
  return (
    <>
      <Paragraph>{m.legal_cookies_intro({ name: usePageContent().contact.legalName })}</Paragraph>
      <Paragraph>{m.legal_cookies_only_necessary()}</Paragraph>
      <Section id="cookie-list" title={m.legal_cookies_table_title()}>
        <div className="mt-5 rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm leading-relaxed text-slate-700">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-brand-900 uppercase max-sm:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {m.legal_cookies_col_name()}
                </th>
                <th scope="col" className="px-4 py-3">
                  {m.legal_cookies_col_purpose()}
                </th>
                <th scope="col" className="px-4 py-3">
                  {m.legal_cookies_col_lifetime()}
                </th>
                <th scope="col" className="px-4 py-3">
                  {m.legal_cookies_col_type()}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {facts.cookies.map((cookie) => (
                <tr key={cookie.id} data-testid="cookie-row" data-cookie-id={cookie.id} className="max-sm:block max-sm:py-3">
                  <th scope="row" className={`${CELL} font-normal sm:whitespace-nowrap`}>
                    <Label>{m.legal_cookies_col_name()}</Label>
                    <ul className="space-y-1">
                      {cookie.names.map((name) => (
                        <li key={name}>
                          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.8125rem] break-all text-brand-900 sm:break-normal">
                            {name}
                          </code>
                        </li>
                      ))}
                    </ul>
                  </th>
                  <td className={CELL}>
                    <Label>{m.legal_cookies_col_purpose()}</Label>
                    {PURPOSES[cookie.id](facts)}
                    <span className="mt-1 block text-slate-500">
                      {cookie.audience === 'staff' ? m.legal_cookies_audience_staff() : m.legal_cookies_audience_visitors()}
                    </span>
                  </td>
                  <td className={`${CELL} sm:whitespace-nowrap`}>
                    <Label>{m.legal_cookies_col_lifetime()}</Label>
                    {lifetime(cookie)}
                  </td>
                  <td className={CELL}>
                    <Label>{m.legal_cookies_col_type()}</Label>
                    {cookie.necessary ? m.legal_cookies_necessary() : m.legal_cookies_optional()}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <VisitStatsSection days={facts.visitRawDays} />
      <Section id="manage" title={m.legal_cookies_manage_title()}>
        <Paragraph>{m.legal_cookies_manage_text()}</Paragraph>
      </Section>
    </>
  )
}
