import { createMiddleware } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { AppError } from '~/lib/app-error'
import { requestContext } from './request-context.server'
import { m } from '~/paraglide/messages'

/** Server-function middleware for every admin operation: no session → 401, signed in but not on the
 * admin list → 403, and the handler never runs. Each admin server function lists it itself:
 * `.middleware([requireAdmin])`. */
export const requireAdmin = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const backend = await getBackend()
  const user = await backend.auth.getUser(requestContext())
  if (!user) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated())
  if (!(await backend.auth.isAdmin(user.email))) {
    throw new AppError(403, 'forbidden', m.auth_error_forbidden())
  }
  return next({ context: { user } })
})
