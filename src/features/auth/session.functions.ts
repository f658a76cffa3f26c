/** The session check the admin route guards run before every admin page. In a module of its own,
 * without the sign-in schemas: route guards are part of the route tree every page loads. */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import type { PasskeyStep } from '~/domain/passkeys'
import { passkeyStepFor } from './passkey-gate.server'
import { requestContext } from './request-context.server'

export interface AdminSession {
  email: string
  /** The passkey step still owed before the staff area opens (decision 233); null or absent: none. */
  passkeyStep?: PasskeyStep | null
}

/** The signed-in admin, or null (no session, or a user not on the admin list). Used by the admin
 * route guard and the login page; it reveals nothing but the caller's own address. */
export const getAdminSession = createServerFn({ method: 'GET' }).handler(async (): Promise<AdminSession | null> => {
  const backend = await getBackend()
  const ctx = requestContext()
  const user = await backend.auth.getUser(ctx)
  if (!user || !(await backend.auth.isAdmin(user.email))) return null
  return { email: user.email, passkeyStep: await passkeyStepFor(ctx, user.email) }
})
