import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { QueryProvider } from '~/components/query-provider'
import { browserSession } from '~/features/auth/session-in-browser'
import { getAdminSession } from '~/features/auth/session.functions'
import { StaffShell } from '~/features/staff-shell/components/staff-shell'

/** Every /admin/* page but the login: the session is checked (on the server for the first page,
 * through a server function after that) before anything renders. This is a courtesy to the reader;
 * each admin server function checks again for itself (requireAdmin) (decision 140). */
export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: async ({ location, cause }) => {
    const browser = typeof window !== 'undefined'
    const known = browser ? browserSession.get() : undefined
    if (cause === 'stay' && known) return { session: known }
    const session = await getAdminSession()
    // Signed in with a code but the passkey step still owed: nothing here until it is done.
    const entered = session && !session.passkeyStep ? session : null
    if (browser) browserSession.set(entered ?? undefined)
    if (session?.passkeyStep) throw redirect({ to: '/admin/passkey', search: { redirect: location.href } })
    if (!entered) throw redirect({ to: '/admin/login', search: { redirect: location.href } })
    return { session: entered }
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: AdminLayout,
})

/**
 * The admin pages' data cache (TanStack Query) lives here, not in the public pages' bundle, and so
 * does the staff area's navigation (StaffShell) that every staff page renders in.
 */
function AdminLayout() {
  // The session the server checked for this page, from the route's context as it came with the
  // page (TanStack Start sends a route's beforeLoad context along with the HTML).
  const { session } = Route.useRouteContext()
  useEffect(() => browserSession.set(session), [session])
  // The page's readiness signal (useAnnounceHydrated in src/lib/early-clicks.ts). Inline: a module
  // shared by this chunk and others would travel as one more file.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <QueryProvider>
      <StaffShell viewer={session}>
        <Outlet />
      </StaffShell>
    </QueryProvider>
  )
}
