/**
 * Migration 0004 (decision 163) on a database of the old head: the built-in sign-in's schema was
 * `embedded_auth`; once renamed, the accounts, codes and sessions made under the old name are
 * under `builtin_auth`, and signing in works as before. Run on PGlite
 * (tests/backend/embedded/schema-rename.test.ts) and on PostgreSQL 17 (tests/postgres/postgres-mode.test.ts).
 */
import { expect } from 'vitest'
import type { CodeMailer } from '~/backend/mail/mail-system.server'
import type { MailRow } from '~/backend/mail/queue.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { createOtp } from '~/backend/sql/builtin-auth/otp.server'
import { findUserByEmail, listUsers } from '~/backend/sql/builtin-auth/users.server'
import { applyMigrations, MIGRATIONS } from '~/backend/sql/migrations.server'

export const RENAME_MIGRATION = 'embedded/0004-builtin-auth-schema.sql'
const EMAIL = 'old.account@example.com'

/** The migrations a database had before 0004: 0001-0003 and every supabase/ file. */
export const OLD_HEAD = MIGRATIONS.filter((migration) => migration.name !== RENAME_MIGRATION)

/**
 * `db` migrates (the database's owner); `app`, when given, is the server's least-privileged role
 * (a login role in app_server), which then reads the accounts and signs in: the grants of 0003
 * follow the renamed schema.
 */
export async function checkSchemaRename(db: SqlDatabase, app: SqlDatabase = db): Promise<void> {
  expect(MIGRATIONS.some((migration) => migration.name === RENAME_MIGRATION)).toBe(true)
  await applyMigrations(db, OLD_HEAD)
  const { rows: users } = await db.query<{ id: string }>('insert into embedded_auth.users (email) values ($1) returning id', [
    EMAIL,
  ])
  const userId = users[0]!.id
  const now = new Date()
  const later = new Date(now.getTime() + 3_600_000)
  await db.query(
    `insert into embedded_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values ('old-session', $1, $2, $2, $3)`,
    [userId, now, later],
  )
  await db.query(`insert into embedded_auth.otp_codes (email, code_hash, created_at, expires_at) values ($1, 'x', $2, $2)`, [
    EMAIL,
    now,
  ])
  await db.query(`insert into public.admin_emails (email) values ($1) on conflict do nothing`, [EMAIL])

  expect(await applyMigrations(db)).toEqual([RENAME_MIGRATION])

  const schemas = await db.query<{ old: boolean; renamed: boolean }>(
    `select to_regnamespace('embedded_auth') is not null as old, to_regnamespace('builtin_auth') is not null as renamed`,
  )
  expect(schemas.rows[0]).toEqual({ old: false, renamed: true })
  const privileges = await db.query<{ privilege: string; granted: boolean }>(
    `select p.privilege, has_table_privilege('app_server', 'builtin_auth.' || p.tbl, p.privilege) as granted
     from (values ('users', 'select'), ('users', 'insert'), ('users', 'delete'), ('otp_codes', 'update'),
                  ('sessions', 'insert'), ('secrets', 'select'), ('secrets', 'update')) p(tbl, privilege)`,
  )
  expect(privileges.rows.map((row) => row.granted)).toEqual([true, true, true, true, true, true, false])
  const usage = await db.query<{ usage: boolean; create: boolean }>(
    `select has_schema_privilege('app_server', 'builtin_auth', 'usage') as usage,
            has_schema_privilege('app_server', 'builtin_auth', 'create') as create`,
  )
  expect(usage.rows[0]).toEqual({ usage: true, create: false })

  expect(await findUserByEmail(app, EMAIL)).toEqual({ id: userId, email: EMAIL })
  expect(await listUsers(app)).toContainEqual({ email: EMAIL, hasAccount: true, isAdmin: true })
  const kept = await app.query<{ sessions: number; codes: number }>(
    `select (select count(*)::int from builtin_auth.sessions where user_id = $1) as sessions,
            (select count(*)::int from builtin_auth.otp_codes where email = $2) as codes`,
    [userId, EMAIL],
  )
  expect(kept.rows[0]).toEqual({ sessions: 1, codes: 1 })

  // Signing in: a new code (the identity sequence goes on after the old row's) and its check.
  let sent = ''
  const mail: CodeMailer = {
    async queue(_tx, input) {
      sent = input.code
      return { id: 'mail-1' } as MailRow
    },
    dispatch: async () => 'sent',
    cancel: async () => {},
  }
  const otp = createOtp(app, { secret: Buffer.alloc(32, 7), mail, now: () => new Date(now.getTime() + 120_000) })
  expect(await otp.send(EMAIL)).toEqual({ ok: true })
  expect(sent).toMatch(/^\d+$/)
  expect(await otp.verify(EMAIL, sent)).toEqual({ ok: true, user: { id: userId, email: EMAIL } })

  // Removing the user still cascades to what the old schema's foreign keys pointed at.
  await app.query('delete from builtin_auth.users where email = $1', [EMAIL])
  const gone = await app.query<{ n: number }>(
    `select (select count(*)::int from builtin_auth.sessions) + (select count(*)::int from builtin_auth.otp_codes) as n`,
  )
  expect(gone.rows[0]!.n).toBe(0)
}
