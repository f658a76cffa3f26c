import type { Locale } from '~/domain/locales'
import { m } from '~/paraglide/messages'
import { getLocale, localizeHref, setLocale } from '~/paraglide/runtime'
import type { SectionId } from '../landing.sections'

/** Shows the other language's code and leads to the same section in that language (or to `href`, the
 * same page in the other language, on a page other than the landing page). */
export function LanguageToggle({ section, href: pageHref }: { section: SectionId; href?: string }) {
  const other: Locale = getLocale() === 'tr' ? 'en' : 'tr'
  const href = pageHref ?? localizeHref('/', { locale: other }) + (section === 'home' ? '' : `#${section}`)
  return (
    <a
      href={href}
      hrefLang={other}
      data-testid="language-toggle"
      onClick={() => setLocale(other, { reload: false })}
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
