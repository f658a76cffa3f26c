import { NAV_SECTIONS, type SectionId } from '../landing.sections'

// `aria-current` marks the section being read for sighted users too (moved by `useSiteHeader`).
const CURRENT = {
  bar: 'aria-[current=location]:text-brand-700 not-aria-[current=location]:text-slate-700 not-aria-[current=location]:hover:text-brand-700 aria-[current=location]:after:bg-teal-500 not-aria-[current=location]:after:bg-transparent',
  panel:
    'aria-[current=location]:bg-brand-50 aria-[current=location]:text-brand-700 not-aria-[current=location]:text-slate-800 not-aria-[current=location]:hover:bg-slate-50',
}

/** The menu's anchor links; the section in view is marked for sighted and screen-reader users.
 * `home` is the landing page's address when the links are shown on another page. */
export function NavLinks({ active, home = '', variant }: { active: SectionId | null; home?: string; variant: 'bar' | 'panel' }) {
  return (
    <ul className={variant === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {NAV_SECTIONS.map(({ id, label }) => (
        <li key={id}>
          <a
            href={`${home}#${id}`}
            aria-current={id === active ? 'location' : undefined}
            className={
              variant === 'bar'
                ? `relative rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:transition-colors ${CURRENT.bar}`
                : `block rounded-lg px-4 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${CURRENT.panel}`
            }
          >
            {label()}
          </a>
        </li>
      ))}
    </ul>
  )
}
