import { Link } from '@tanstack/react-router'
import { Dot } from 'lucide-react'
import { m } from '~/paraglide/messages'
import type { StaffNavItem } from '../staff-nav-items'
import { RailTooltip } from './rail-tooltip'

const LINK =
  'group relative flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700'

/**
 * The staff pages as a named `nav` landmark; the router marks the current one (aria-current="page")
 * whatever its search, so a filtered inbox still shows 'İletişim Mesajları' as the page you are on.
 * `rail`: icons only below 1536 px (the label stays the link's name, and shows on hover and focus).
 */
export function StaffNavList({
  items,
  rail = false,
  onNavigate,
}: {
  items: readonly StaffNavItem[]
  rail?: boolean
  onNavigate?: () => void
}) {
  return (
    <nav aria-label={m.staff_nav_label()}>
      <ul className="space-y-1">
        {items.map((item) => {
          const Icon = item.icon ?? Dot
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                activeOptions={{ includeSearch: false }}
                onClick={onNavigate}
                className={rail ? `${LINK} justify-center px-0 2xl:justify-start 2xl:px-3` : LINK}
              >
                <Icon
                  aria-hidden="true"
                  className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600 group-aria-[current=page]:text-brand-600"
                />
                <span className={rail ? 'sr-only min-w-0 break-words 2xl:not-sr-only' : 'min-w-0 break-words'}>
                  {item.label()}
                </span>
                {rail ? <RailTooltip>{item.label()}</RailTooltip> : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
