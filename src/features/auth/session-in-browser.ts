import type { AdminSession } from './session.functions'

/**
 * The admin session the browser last learnt, reused by the admin route guard while the reader
 * stays inside the admin pages (src/routes/admin/_authed.tsx). In a module of its own so that the
 * guard and the admin layout, which the router's code splitting puts in different files, share
 * one value: a variable of the route file would be copied into each. Browser only: on the server
 * a module is shared by every request.
 */
let known: AdminSession | undefined

export const browserSession = {
  get: (): AdminSession | undefined => known,
  set: (session: AdminSession | undefined) => {
    known = session
  },
}
