/** What a fresh database of the built-in sign-in starts with. Embedded, so the site works out of the
 * box: an admin who can sign in, a non-admin who cannot reach the inbox, and a few messages to
 * triage. Postgres (production): only the admins SEED_ADMIN_EMAILS names. */
import { sampleContactMessages } from '../seed-messages'
import { addUser } from './builtin-auth/users.server'
import type { Sql } from './client'
import { insertContactMessages } from './messages.server'

export const SEED_ADMIN_EMAIL = 'admin@example.com'
export const SEED_STAFF_EMAIL = 'staff@example.com'

/** Safe to run again: users are added only if missing, messages only into an empty inbox.
 * `extraAdmins` (SEED_ADMIN_EMAILS) gives browser tests admins of their own. */
export async function seedDatabase(
  db: Sql,
  now: Date,
  options: { sampleData: boolean; extraAdmins?: readonly string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The seed's admin first: the first admin of a database is its owner ('Sahip').
    if (options.sampleData) await addUser(tx, SEED_ADMIN_EMAIL, { admin: true })
    for (const email of options.extraAdmins ?? []) await addUser(tx, email, { admin: true })
    if (!options.sampleData) return
    await addUser(tx, SEED_STAFF_EMAIL, { admin: false })
    const { rows } = await tx.query<{ any: boolean }>('select exists (select 1 from public.contact_messages) as any')
    if (!rows[0]?.any) await insertContactMessages(tx, sampleContactMessages(now))
  })
}
