/**
 * The login route's search params and where a sign-in leads. Kept apart from the sign-in
 * schemas: route options are part of the route tree every page loads.
 */
import * as v from 'valibot'

/**
 * Where to go after sign-in: only a path inside the admin area, so a crafted link
 * (`?redirect=https://evil.example`) can never send a fresh session elsewhere.
 */
export const ADMIN_HOME = '/admin/messages'
export function safeAdminRedirect(target: unknown): string {
  if (typeof target !== 'string') return ADMIN_HOME
  if (!/^\/admin\/[A-Za-z0-9/_\-?=&%.]*$/.test(target) || target.startsWith('/admin/login')) return ADMIN_HOME
  return target
}

export const LoginSearchSchema = v.object({
  redirect: v.optional(v.pipe(v.string(), v.maxLength(512))),
})
