/** The admin list, public.admin_emails: who may use the staff area, whatever signs them in. */
import { normalizeEmail } from '~/domain/accounts'
import type { Sql } from './client'

export async function isAdminEmail(db: Sql, email: string): Promise<boolean> {
  const address = normalizeEmail(email)
  if (address === '') return false
  const { rows } = await db.query('select 1 from public.admin_emails where email = $1', [address])
  return rows.length > 0
}

/** Puts the address on the list; true when it was not there yet. */
export async function addAdminEmail(db: Sql, email: string): Promise<boolean> {
  const { rowCount } = await db.query('insert into public.admin_emails (email) values ($1) on conflict (email) do nothing', [
    normalizeEmail(email),
  ])
  return rowCount > 0
}

/** Takes the address off the list; true when it was there. */
export async function removeAdminEmail(db: Sql, email: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from public.admin_emails where email = $1', [normalizeEmail(email)])
  return rowCount > 0
}

export async function listAdminEmails(db: Sql): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>('select email from public.admin_emails order by email')
  return rows.map((row) => row.email)
}
