import type { ReactNode } from 'react'

/**
 * The label beside an icon of the narrow rail (1024–1535 px), shown on hover and keyboard focus of
 * its `group` parent. For sight only: the control carries its own name.
 */
export function RailTooltip({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 left-full z-50 ml-3 hidden -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 group-has-focus-visible:opacity-100 xl:block 2xl:hidden"
    >
      {children}
    </span>
  )
}
