import { m } from '~/paraglide/messages'
import { localizeHref } from '~/paraglide/runtime'
import { SECTION_IDS } from '../landing.sections'
import { useActiveSection } from '../use-active-section'
import { LanguageToggle } from './language-toggle'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { NavLinks } from './nav-links'

/** The fixed header: logo, section links (a menu panel on small screens), language toggle. On
 * another public page (`away`), the links lead to the landing page's sections and the toggle to
 * that page in the other language. */
export function SiteHeader({ away }: { away?: { languageHref: string } }) {
  const reading = useActiveSection(away ? [] : SECTION_IDS)
  const active = away ? null : reading
  const home = away ? localizeHref('/') : ''
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
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
          <LanguageToggle section={active ?? 'home'} href={away?.languageHref} />
          <MobileMenu active={active} home={home} />
        </div>
      </div>
    </header>
  )
}
