import type { AdminSession } from './session.functions'

/** The admin session the browser last learnt, reused by the admin route guard while the reader stays
 * inside the admin pages (src/routes/admin/_authed.tsx). */
let known: AdminSession | undefined

export const browserSession = {
  get: (): AdminSession | undefined => known,
  set: (session: AdminSession | undefined) => {
    known = session
  },
}
