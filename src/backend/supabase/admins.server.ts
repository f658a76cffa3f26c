import type { Db } from './clients.server'
import { unwrapMaybe } from './errors.server'

/** admin_emails holds lowercased addresses (a CHECK constraint), so the lookup lowercases too. */
export async function isAdminEmail(db: Db, email: string): Promise<boolean> {
  const normalized = email.trim().toLowerCase()
  if (normalized === '') return false
  const row = unwrapMaybe('check admin', await db.from('admin_emails').select('email').eq('email', normalized).maybeSingle())
  return row !== null
}
