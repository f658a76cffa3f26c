import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Start's own client entry, but an /admin page first loads the staff routes' search schemas, which
 * the route tree (in every page's first load) leaves out (src/features/staff-shell/staff-search.ts). */
async function hydrate() {
  if (/^\/admin(\/|$)/.test(window.location.pathname)) await import('~/features/staff-shell/staff-search-schemas')
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
    )
  })
}

void hydrate()
