import { NAV_SECTIONS, type SectionId } from '../landing.sections'

/** The menu's anchor links; the section in view is marked for sighted and screen-reader users.
 * `home` is the landing page's address when the links are shown on another page. */
export function NavLinks({
  active,
  home = '',
  variant,
  onNavigate,
}: {
  active: SectionId | null
  home?: string
  variant: 'bar' | 'panel'
  onNavigate?: () => void
}) {
  return (
    <ul className={variant === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {NAV_SECTIONS.map(({ id, label }) => {
        const current = id === active
        return (
          <li key={id}>
            <a
              href={`${home}#${id}`}
              aria-current={current ? 'location' : undefined}
              onClick={onNavigate}
              className={
                variant === 'bar'
                  ? `relative rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                      current ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'
                    } after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:transition-colors ${
                      current ? 'after:bg-teal-500' : 'after:bg-transparent'
                    }`
                  : `block rounded-lg px-4 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                      current ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-50'
                    }`
              }
            >
              {label()}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
