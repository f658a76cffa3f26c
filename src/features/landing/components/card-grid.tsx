import type { ReactNode } from 'react'

/** The grid of cards under a section's heading: one column on phones, two on tablets, three on wide
 * screens. `children` are the cards, each an `<li>`. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">{children}</ul>
}
