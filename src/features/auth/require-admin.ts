import { createMiddleware } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { AppError } from '~/lib/app-error'
import { passkeyStepFor, requirePasskeyDone } from './passkey-gate.server'
import { requestContext } from './request-context.server'
import { m } from '~/paraglide/messages'

/** Server-function middleware for every admin operation: no session → 401, signed in but not on the
 * admin list → 403, and the handler never runs. Each admin server function lists it itself:
 * `.middleware([requireAdmin])`. */
export const requireAdmin = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const backend = await getBackend()
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx)
  if (!user) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated())
  if (!(await backend.auth.isAdmin(user.email))) {
    throw new AppError(403, 'forbidden', m.auth_error_forbidden())
  }
  await requirePasskeyDone(ctx, user.email)
  return next({ context: { user } })
})

/**
 * For what only owners ('Sahip') may do: the team and roles, the KVKK page, the activity log,
 * backup status. 401 without a session, 403 for anyone but an owner on the admin list.
 */
export const requireOwner = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const backend = await getBackend()
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx)
  if (!user) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated())
  const role = await backend.team.roleOf(user.email)
  if (role === null) throw new AppError(403, 'forbidden', m.auth_error_forbidden())
  await requirePasskeyDone(ctx, user.email)
  if (role !== 'owner') throw new AppError(403, 'auth_owner_only', m.auth_error_owner_only())
  return next({ context: { user } })
})

/** For the passkey step's own functions (decision 233): signed in and on the admin list, whatever
 * passkey step is still owed, which the handler gets as `step`. 401 and 403 as requireAdmin. */
export const requireStaffMember = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const backend = await getBackend()
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx)
  if (!user) throw new AppError(401, 'unauthenticated', m.auth_error_unauthenticated())
  if (!(await backend.auth.isAdmin(user.email))) throw new AppError(403, 'forbidden', m.auth_error_forbidden())
  return next({ context: { user, step: await passkeyStepFor(ctx, user.email) } })
})
