/**
 * Embedded user accounts and the admin list, for the seed, the auth service and the admin CLI.
 * There is no sign-up: users exist only when added here.
 */
import type { AuthUser } from '../domain'
import type { Queryable } from './db.server'

/** E-mail addresses are compared trimmed and lowercased everywhere (as Supabase Auth does). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(db: Queryable, email: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>('select id, email from embedded_auth.users where email = $1', [normalizeEmail(email)])
  return rows[0] ?? null
}

/** Creates the user if missing and, with `admin`, puts the address on the admin list. Idempotent. */
export async function addUser(
  db: Queryable,
  email: string,
  options: { admin: boolean },
): Promise<{ user: AuthUser; created: boolean }> {
  const address = normalizeEmail(email)
  const inserted = await db.query<AuthUser>(
    'insert into embedded_auth.users (email) values ($1) on conflict (email) do nothing returning id, email',
    [address],
  )
  if (options.admin) {
    await db.query('insert into public.admin_emails (email) values ($1) on conflict (email) do nothing', [address])
  }
  const user = inserted.rows[0] ?? (await findUserByEmail(db, address))
  if (!user) throw new Error(`Could not create user ${address}`)
  return { user, created: inserted.rows.length > 0 }
}

/** Deletes the user (their codes and sessions go with them) and their admin-list row. */
export async function removeUser(db: Queryable, email: string): Promise<{ removedUser: boolean; removedAdmin: boolean }> {
  const address = normalizeEmail(email)
  const user = await db.query('delete from embedded_auth.users where email = $1', [address])
  const admin = await db.query('delete from public.admin_emails where email = $1', [address])
  return { removedUser: (user.affectedRows ?? 0) > 0, removedAdmin: (admin.affectedRows ?? 0) > 0 }
}

export interface UserListing {
  email: string
  hasAccount: boolean
  isAdmin: boolean
}

/** Every known address: users and admin-list entries (an admin row without a user cannot sign in). */
export async function listUsers(db: Queryable): Promise<UserListing[]> {
  const { rows } = await db.query<UserListing>(`
    select coalesce(u.email, a.email) as email,
           u.id is not null as "hasAccount",
           a.email is not null as "isAdmin"
    from embedded_auth.users u
    full join public.admin_emails a on a.email = u.email
    order by 1
  `)
  return rows
}
