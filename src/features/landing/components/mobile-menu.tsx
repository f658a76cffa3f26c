import { m } from '~/paraglide/messages'
import type { SectionId } from '../landing.sections'
import { MENU_BUTTON_ID, MENU_PANEL_ID } from '../use-site-header'
import { NavLinks } from './nav-links'

/** The small-screen menu: a button that opens a panel under the header, as the server renders it
 * (closed). Opening, closing and focus are `useSiteHeader`'s; the icon follows `aria-expanded`. */
export function MobileMenu({ active, home }: { active: SectionId | null; home: string }) {
  return (
    <>
      <button
        id={MENU_BUTTON_ID}
        type="button"
        aria-expanded={false}
        aria-controls={MENU_PANEL_ID}
        aria-label={m.nav_menu_open()}
        data-close-label={m.nav_menu_close()}
        className="group inline-flex size-11 items-center justify-center rounded-md text-brand-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <MenuIcon />
      </button>
      <div
        id={MENU_PANEL_ID}
        hidden
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg lg:hidden"
      >
        <nav aria-label={m.nav_label()}>
          <NavLinks active={active} home={home} variant="panel" />
        </nav>
      </div>
    </>
  )
}

/** Lucide's "menu" and "x" drawn inline, one shown at a time by the button's `aria-expanded`. */
function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      className="size-6"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path className="group-aria-expanded:hidden" d="M4 5h16M4 12h16M4 19h16" />
      <path className="hidden group-aria-expanded:inline" d="M18 6 6 18M6 6l12 12" />
    </svg>
  )
}
