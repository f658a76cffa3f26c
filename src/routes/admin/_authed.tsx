import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { QueryProvider } from '~/components/query-provider'
import { type AdminSession, getAdminSession } from '~/features/auth/session.functions'

/**
 * Every /admin/* page but the login: the session is checked (on the server for the first
 * page, through a server function after that) before anything renders. This is a courtesy
 * to the reader; each admin server function checks again for itself (requireAdmin).
 */
/**
 * The browser's last answer, reused while the reader stays inside the admin pages (a search
 * typed letter by letter is one navigation per pause): asking again each time doubled the calls
 * of every keystroke and delayed the list behind it (docs/decisions/140-search-while-typing.md).
 * Browser only: on the server this module is shared by every request.
 */
let checkedInBrowser: AdminSession | undefined

export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: async ({ location, cause }) => {
    const browser = typeof window !== 'undefined'
    if (browser && cause === 'stay' && checkedInBrowser) return { session: checkedInBrowser }
    const session = await getAdminSession()
    if (browser) checkedInBrowser = session ?? undefined
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: location.href } })
    return { session }
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: AdminLayout,
})

/** The admin pages' data cache (TanStack Query) lives here, not in the public pages' bundle. */
function AdminLayout() {
  // The page's readiness signal (useAnnounceHydrated in src/lib/early-clicks.ts). Inline: a module
  // shared by this chunk and others would travel as one more file.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  )
}
