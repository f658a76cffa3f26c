/** The login route's search params and where a sign-in leads. Kept apart from the sign-in schemas:
 * route options are part of the route tree every page loads. */
import type { SearchSchemaInput } from '@tanstack/react-router'

/** Where to go after sign-in: only a path inside the admin area, so a crafted link
 * (`?redirect=https://evil.example`) can never send a fresh session elsewhere. */
export const ADMIN_HOME = '/admin/messages'
export function safeAdminRedirect(target: unknown): string {
  if (typeof target !== 'string') return ADMIN_HOME
  if (!/^\/admin\/[A-Za-z0-9/_\-?=&%.]*$/.test(target) || target.startsWith('/admin/login')) return ADMIN_HOME
  return target
}

const REDIRECT_MAX = 512

/** The login route's search params: `redirect` kept when it is text of a sane length (plain code: decision 181). */
export function parseLoginSearch(search: { redirect?: string } & SearchSchemaInput): { redirect: string | undefined } {
  const { redirect }: Record<string, unknown> = search
  return { redirect: typeof redirect === 'string' && redirect.length <= REDIRECT_MAX ? redirect : undefined }
}
