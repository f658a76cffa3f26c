/** The built-in sign-in's user accounts (embedded and postgres modes), for the seed, the auth
 * service and the admin CLI. There is no sign-up: users exist only when added here. */
import { type AuthUser, normalizeEmail } from '~/domain/accounts'
import { addAdminEmail, removeAdminEmail } from '../admins.server'
import type { Sql } from '../client'

/** With `lock`, inside a transaction: the row stays locked (FOR UPDATE) until it ends. */
export async function findUserByEmail(db: Sql, email: string, options: { lock?: boolean } = {}): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(
    `select id, email from builtin_auth.users where email = $1${options.lock ? ' for update' : ''}`,
    [normalizeEmail(email)],
  )
  return rows[0] ?? null
}

/** Creates the user if missing and, with `admin`, puts the address on the admin list. Idempotent. */
export async function addUser(
  db: Sql,
  email: string,
  options: { admin: boolean },
): Promise<{ user: AuthUser; created: boolean }> {
  const address = normalizeEmail(email)
  const inserted = await db.query<AuthUser>(
    'insert into builtin_auth.users (email) values ($1) on conflict (email) do nothing returning id, email',
    [address],
  )
  if (options.admin) await addAdminEmail(db, address)
  const user = inserted.rows[0] ?? (await findUserByEmail(db, address))
  if (!user) throw new Error(`Could not create user ${address}`)
  return { user, created: inserted.rows.length > 0 }
}

/** Deletes the user (their codes and sessions go with them) and their admin-list row. */
export async function removeUser(db: Sql, email: string): Promise<{ removedUser: boolean; removedAdmin: boolean }> {
  const address = normalizeEmail(email)
  const user = await db.query('delete from builtin_auth.users where email = $1', [address])
  const removedAdmin = await removeAdminEmail(db, address)
  return { removedUser: user.rowCount > 0, removedAdmin }
}

export interface UserListing {
  email: string
  hasAccount: boolean
  isAdmin: boolean
}

/** Every known address: users and admin-list entries (an admin row without a user cannot sign in). */
export async function listUsers(db: Sql): Promise<UserListing[]> {
  const { rows } = await db.query<UserListing>(`
    select coalesce(u.email, a.email) as email,
           u.id is not null as "hasAccount",
           a.email is not null as "isAdmin"
    from builtin_auth.users u
    full join public.admin_emails a on a.email = u.email
    order by 1
  `)
  return rows
}
