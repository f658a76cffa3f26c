import { createIsomorphicFn } from '@tanstack/react-start'
import { KEEP_SERVER_HTML } from '~/lib/server-html'
import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'
import { useSiteHeader } from '../use-site-header'
import { LanguageToggle } from './language-toggle'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { NavLinks } from './nav-links'

type Away = { languageHref: string }

/** The link past the header to the page's `<main id="main">`, shown when focused; its text is server-rendered. */
const skipText = createIsomorphicFn()
  .server(() => ({ children: m.nav_skip() }))
  .client(() => KEEP_SERVER_HTML)

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-brand-900 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300"
      {...skipText()}
    />
  )
}

/** The header's inside, rendered on the server only; the browser keeps that HTML (decision 013). */
const headerContent = createIsomorphicFn()
  .server((away?: Away) => ({ children: <HeaderContent away={away} /> }))
  .client(() => KEEP_SERVER_HTML)

/** The fixed header: logo, section links (a menu panel on small screens), language toggle. On
 * another public page (`away`), the links lead to the landing page's sections and the toggle to
 * that page in the other language. It never hydrates: its behaviour is `useSiteHeader`'s. */
export function SiteHeader({ away }: { away?: Away }) {
  useSiteHeader({ trackSections: !away })
  return (
    <header
      className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
      {...headerContent(away)}
    />
  )
}

function HeaderContent({ away }: { away?: Away }) {
  // The server renders the page's top as the section being read; the browser follows the scroll.
  const active = away ? null : 'home'
  const home = away ? localizeHref('/') : ''
  return (
    <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
      <a
        href={`${home}#home`}
        className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      >
        <Logo />
      </a>
      <nav aria-label={m.nav_label()} className="hidden lg:block">
        <NavLinks active={active} home={home} variant="bar" />
      </nav>
      <div className="flex items-center gap-2">
        <LanguageToggle href={away?.languageHref} />
        <MobileMenu active={active} home={home} />
      </div>
    </div>
  )
}
