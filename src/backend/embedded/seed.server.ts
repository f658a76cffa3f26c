/**
 * What a fresh embedded database starts with, so the site works out of the box: an admin who can
 * sign in, a non-admin who cannot reach the inbox, and a few messages to triage.
 * (The hero banner rows come from the schema migration itself.)
 */
import type { Database } from './db.server'
import { sampleContactMessages } from './factories'
import { insertContactMessages } from './messages.server'
import { addUser } from './users.server'

export const SEED_ADMIN_EMAIL = 'admin@example.com'
export const SEED_STAFF_EMAIL = 'staff@example.com'

/**
 * Safe to run again: users are added only if missing, messages only into an empty inbox.
 * `extraAdmins` (SEED_ADMIN_EMAILS) gives browser tests admins of their own.
 */
export async function seedDatabase(db: Database, now: Date, extraAdmins: readonly string[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    await addUser(tx, SEED_ADMIN_EMAIL, { admin: true })
    for (const email of extraAdmins) await addUser(tx, email, { admin: true })
    await addUser(tx, SEED_STAFF_EMAIL, { admin: false })
    const { rows } = await tx.query<{ any: boolean }>('select exists (select 1 from public.contact_messages) as any')
    if (!rows[0]?.any) await insertContactMessages(tx, sampleContactMessages(now))
  })
}
