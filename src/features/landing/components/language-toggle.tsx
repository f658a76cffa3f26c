import type { Locale } from '~/domain/locales'
import { m } from '~/paraglide/messages'
import { getLocale, localizeHref } from '~/paraglide/runtime'
import { LANGUAGE_TOGGLE_ID } from '../use-site-header'

/** Shows the other language's code and leads to the landing page in that language, at the section
 * being read (`useSiteHeader`), or to `href`: another page's own address in that language. */
export function LanguageToggle({ href }: { href?: string }) {
  const other: Locale = getLocale() === 'tr' ? 'en' : 'tr'
  return (
    <a
      id={LANGUAGE_TOGGLE_ID}
      href={href ?? localizeHref('/', { locale: other })}
      hrefLang={other}
      data-testid="language-toggle"
      className="inline-flex h-9 min-w-11 items-center justify-center rounded-md border border-slate-300 px-2.5 text-sm font-semibold text-brand-900 transition-colors hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {m.nav_switch_code()}
      <span className="sr-only" lang={other}>
        {' '}
        – {m.nav_switch_name()}
      </span>
    </a>
  )
}
