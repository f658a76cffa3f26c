/**
 * The retention job and one person's data, on any database of the app (PGlite in
 * privacy.test.ts, PostgreSQL 17 as the server's least-privileged role in tests/postgres):
 * `app` is what the server runs them as, `setup` a role that may plant rows anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sql } from '~/backend/sql/client'
import { erasePersonalData, exportPersonalData } from '~/backend/sql/privacy.server'
import { reapplyErasures, readErasures } from '~/backend/sql/reapply-erasures.server'
import { runRetention } from '~/backend/sql/retention.server'
import { isEmptyExport, type RetentionPolicy } from '~/domain/privacy'

export interface PrivacySubject {
  app: Sql
  setup: Sql
  /** The built-in sign-in's tables exist (embedded and postgres modes). */
  builtinAuth: boolean
  dispose(): Promise<void>
}

const NOW = new Date('2026-11-27T03:00:00Z')
const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)
const TEXT = 'Merhaba, ERP projemiz hakkında bilgi almak istiyoruz.'

async function insertMessage(
  db: Sql,
  row: { email: string; status?: string; created: Date; deleted?: Date; ip?: string | null; name?: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.contact_messages (name, email, message, status, created_at, deleted_at, ip_address)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [row.name ?? 'Ayşe Yılmaz', row.email, TEXT, row.status ?? 'new', row.created, row.deleted ?? null, row.ip ?? null],
  )
  return rows[0]!.id
}

async function queueMail(db: Sql, recipient: string, messageId: string | null, kind = 'new_message', data = '{}') {
  await db.query(
    `insert into public.mail_queue (kind, recipient, data, message_id, created_at, next_attempt_at)
     values ($1, $2, $3::jsonb, $4, $5, $5)`,
    [kind, recipient, data, messageId, NOW],
  )
}

/** Every text, varchar and jsonb column of every table outside the system schemas, from the catalog. */
async function columnsHolding(db: Sql, needle: string): Promise<string[]> {
  const { rows: columns } = await db.query<{ schema: string; table: string; column: string }>(
    `select c.table_schema as schema, c.table_name as table, c.column_name as column
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where t.table_type = 'BASE TABLE'
       and c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
       and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')`,
  )
  expect(columns.length).toBeGreaterThan(20)
  const found: string[] = []
  for (const { schema, table, column } of columns) {
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${quoted(schema)}.${quoted(table)} where ${quoted(column)}::text ilike $1`,
      [`%${needle}%`],
    )
    if (rows[0]!.n > 0) found.push(`${schema}.${table}.${column}`)
  }
  return found
}

export function describePrivacyContract(name: string, open: () => Promise<PrivacySubject>): void {
  describe(`retention on ${name}`, () => {
    let subject: PrivacySubject
    beforeAll(async () => {
      subject = await open()
    })
    afterAll(() => subject?.dispose())

    it('destroys what is past its period, keeps the rest, and records one line per category', async () => {
      const { app, setup } = subject
      await setup.query('delete from public.contact_messages')
      await setup.query('delete from public.destruction_records')
      await setup.query('delete from public.rate_limit_hits')
      const old: string[] = []
      for (const status of ['new', 'read', 'archived', 'spam']) {
        old.push(
          await insertMessage(setup, { email: `old-${status}@example.com`, status, created: daysAgo(731), ip: '203.0.113.1' }),
        )
      }
      old.push(await insertMessage(setup, { email: 'old-trash@example.com', created: daysAgo(800), deleted: daysAgo(1) }))
      const trashedLongAgo = await insertMessage(setup, { email: 't@example.com', created: daysAgo(60), deleted: daysAgo(31) })
      const trashedLately = await insertMessage(setup, { email: 't2@example.com', created: daysAgo(60), deleted: daysAgo(29) })
      const oldSpam = await insertMessage(setup, { email: 's@example.com', status: 'spam', created: daysAgo(31) })
      const newSpam = await insertMessage(setup, { email: 's2@example.com', status: 'spam', created: daysAgo(29) })
      const oldIp = await insertMessage(setup, {
        email: 'ip@example.com',
        status: 'read',
        created: daysAgo(91),
        ip: '198.51.100.4',
      })
      const oldIp2 = await insertMessage(setup, {
        email: 'ip2@example.com',
        status: 'archived',
        created: daysAgo(400),
        ip: '2001:db8::1',
      })
      const fresh = await insertMessage(setup, { email: 'fresh@example.com', created: daysAgo(89), ip: '198.51.100.5' })
      await queueMail(setup, 'admin@example.com', old[0]!)
      await queueMail(setup, 'admin@example.com', fresh)
      await setup.query(
        `insert into public.rate_limit_hits (key, hit_at, expires_at) values
           ('contactPerIp:203.0.113.1', $1, $2), ('contactPerIp:203.0.113.2', $2, $3)`,
        [daysAgo(1), new Date(NOW.getTime() - 1000), new Date(NOW.getTime() + 60_000)],
      )
      await setup.query(
        `insert into public.destruction_records (created_at, category, method, count) values
           ($1, 'messages', 'deletion', 3), ($2, 'messages', 'deletion', 4)`,
        [daysAgo(3 * 365 + 2), daysAgo(2 * 365)],
      )

      const run = await runRetention(app, POLICY, NOW)
      expect(run.ran).toBe(true)
      const byCategory = Object.fromEntries(run.records.map((r) => [r.category, [r.method, r.count]]))
      expect(byCategory).toEqual({
        messages: ['deletion', 5],
        trash: ['deletion', 1],
        spam: ['deletion', 1],
        ip_addresses: ['anonymization', 2],
        mail: ['deletion', 1],
        rate_limits: ['deletion', 1],
        destruction_records: ['deletion', 1],
      })

      const { rows: left } = await setup.query<{ id: string; ip_address: string | null }>(
        'select id, ip_address from public.contact_messages',
      )
      const ips = Object.fromEntries(left.map((r) => [r.id, r.ip_address]))
      expect(Object.keys(ips).sort()).toEqual([trashedLately, newSpam, oldIp, oldIp2, fresh].sort())
      expect(ips[oldIp]).toBeNull()
      expect(ips[oldIp2]).toBeNull()
      expect(ips[fresh]).toBe('198.51.100.5')
      expect(Object.keys(ips)).not.toContain(trashedLongAgo)
      expect(Object.keys(ips)).not.toContain(oldSpam)
      const mail = await setup.query<{ message_id: string }>('select message_id from public.mail_queue')
      expect(mail.rows.map((r) => r.message_id)).toEqual([fresh])
      const hits = await setup.query<{ key: string }>('select key from public.rate_limit_hits')
      expect(hits.rows).toEqual([{ key: 'contactPerIp:203.0.113.2' }])

      const { rows: records } = await setup.query<Record<string, unknown>>(
        'select created_at, category, method, count from public.destruction_records order by created_at, category',
      )
      // The two-year-old record stays; this run wrote one row per category, none naming anyone.
      expect(records).toHaveLength(8)
      expect(records.slice(1).map((r) => r.category)).toEqual([
        'destruction_records',
        'ip_addresses',
        'mail',
        'messages',
        'rate_limits',
        'spam',
        'trash',
      ])
      for (const record of records.slice(1)) expect((record.created_at as Date).toISOString()).toBe(NOW.toISOString())
      expect(JSON.stringify(records)).not.toMatch(/@|203\.0\.113|198\.51/)

      const again = await runRetention(app, POLICY, NOW)
      expect(again).toEqual({ ran: true, records: [] })
      const count = await setup.query<{ n: number }>('select count(*)::int as n from public.destruction_records')
      expect(count.rows[0]!.n).toBe(8)
    })

    it('writes no record when nothing was due', async () => {
      const { app, setup } = subject
      await setup.query('delete from public.contact_messages')
      await setup.query('delete from public.destruction_records')
      await insertMessage(setup, { email: 'recent@example.com', created: daysAgo(10), ip: '203.0.113.8' })
      expect(await runRetention(app, POLICY, NOW)).toEqual({ ran: true, records: [] })
      const count = await setup.query<{ n: number }>('select count(*)::int as n from public.destruction_records')
      expect(count.rows[0]!.n).toBe(0)
    })
  })

  describe(`one person's data on ${name}`, () => {
    const TARGET = 'ayse.privacy@example.com'
    const OTHER = 'john.other@example.com'
    let subject: PrivacySubject
    let otherId: string

    async function plant(): Promise<void> {
      const { setup, builtinAuth } = subject
      const kept = await insertMessage(setup, { email: 'Ayse.Privacy@Example.com', created: daysAgo(3), ip: '203.0.113.7' })
      await insertMessage(setup, { email: TARGET, status: 'read', created: daysAgo(20), deleted: daysAgo(2) })
      otherId = await insertMessage(setup, { email: OTHER, name: 'John Other', created: daysAgo(3), ip: '203.0.113.9' })
      await setup.query(`select set_config('app.actor', $1, false)`, ['admin@example.com'])
      await setup.query('insert into public.admin_emails (email) values ($1) on conflict do nothing', [TARGET])
      await setup.query(`select set_config('app.actor', '', false)`)
      await setup.query(
        `insert into public.admin_notification_settings (email, new_messages, locale) values ($1, false, 'en')
         on conflict (email) do nothing`,
        [TARGET],
      )
      await queueMail(setup, TARGET, otherId)
      await queueMail(setup, 'admin@example.com', kept)
      await queueMail(setup, 'admin@example.com', null, 'digest', JSON.stringify({ count: 2, ids: [kept, otherId] }))
      await setup.query(`insert into public.rate_limit_hits (key, hit_at, expires_at) values ($1, $2, $3), ($4, $2, $3)`, [
        `sendCodePerEmail:${TARGET}`,
        NOW,
        new Date(NOW.getTime() + 60_000),
        `sendCodePerEmail:${OTHER}`,
      ])
      // Staff said 'Spam Değil' to this sender, and the repeat rule keeps a trace of a recent text.
      await setup.query(
        `insert into public.spam_senders (sender, verdict) values ($1, 'ham'), ('@example.com', 'ham')
         on conflict (sender) do nothing`,
        [TARGET],
      )
      await setup.query(
        `insert into public.spam_fingerprints (fingerprint, email, seen_at) values (md5('a'), $1, $2), (md5('b'), $3, $2)`,
        [TARGET, NOW, OTHER],
      )
      if (builtinAuth) {
        const { rows } = await setup.query<{ id: string }>(
          'insert into builtin_auth.users (email) values ($1) on conflict (email) do update set email = excluded.email returning id',
          [TARGET],
        )
        await setup.query(
          `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
           values (md5(random()::text), $1, $2, $2, $3)`,
          [rows[0]!.id, NOW, new Date(NOW.getTime() + 3_600_000)],
        )
        await setup.query(
          `insert into builtin_auth.otp_codes (email, code_hash, created_at, expires_at) values ($1, 'x', $2, $3)`,
          [TARGET, NOW, new Date(NOW.getTime() + 600_000)],
        )
      }
    }

    beforeAll(async () => {
      subject = await open()
      await plant()
    })
    afterAll(() => subject?.dispose())

    it('exports everything that names the address, whatever its case', async () => {
      const data = await exportPersonalData(subject.app, ' AYSE.privacy@example.com ', NOW)
      expect(data.email).toBe(TARGET)
      expect(data.messages).toHaveLength(2)
      expect(data.messages.filter((m) => m.deletedAt !== null)).toHaveLength(1)
      expect(data.messages.map((m) => m.ipAddress)).toContain('203.0.113.7')
      expect(data.admin.onList).toBe(true)
      expect(data.admin.notificationSettings).toEqual({ newMessages: false, locale: 'en' })
      expect(data.admin.changes).toEqual([
        expect.objectContaining({ action: 'added', email: TARGET, actor: 'admin@example.com' }),
      ])
      expect(data.mail.map((m) => m.recipient)).toContain(TARGET)
      expect(data.rateLimits).toEqual([{ key: `sendCodePerEmail:${TARGET}`, at: NOW.toISOString() }])
      expect(data.spamFilter).toEqual({ senderVerdict: 'ham', recentTexts: 1 })
      expect(data.account === null).toBe(!subject.builtinAuth)
      if (subject.builtinAuth) {
        expect(data.account).toMatchObject({ sessions: 1, pendingCodes: 1 })
        expect(data.account?.openSessions).toHaveLength(1)
      }
      expect(JSON.stringify(data)).not.toContain(OTHER)
      expect(isEmptyExport(await exportPersonalData(subject.app, 'nobody@example.com', NOW))).toBe(true)
    })

    it("refuses the asking admin's own address and the last admin, changing nothing", async () => {
      const self = await erasePersonalData(subject.app, TARGET, { via: 'staff', now: NOW, actor: 'Ayse.Privacy@example.com' })
      expect(self).toEqual({ ok: false, reason: 'self' })
      const admins = await subject.setup.query<{ email: string }>('select email from public.admin_emails')
      const lone = await subject.setup.transaction(async (tx) => {
        await tx.query('delete from public.admin_emails where email <> $1', [TARGET])
        const result = await erasePersonalData(tx, TARGET, { via: 'cli', now: NOW })
        await tx.query('insert into public.admin_emails (email) select unnest($1::text[]) on conflict do nothing', [
          admins.rows.map((r) => r.email),
        ])
        return result
      })
      expect(lone).toEqual({ ok: false, reason: 'last_admin' })
      expect((await exportPersonalData(subject.app, TARGET, NOW)).messages).toHaveLength(2)
    })

    it('erases it everywhere for good, records the request by a keyed hash only, and leaves others alone', async () => {
      const result = await erasePersonalData(subject.app, TARGET, { via: 'cli', now: NOW })
      expect(result).toMatchObject({
        ok: true,
        repeat: false,
        counts: {
          messages: 2,
          adminEntries: 1,
          notificationSettings: 1,
          accounts: subject.builtinAuth ? 1 : 0,
          mail: 2,
          rateLimits: 1,
          spamFilter: 2,
        },
      })
      expect(await columnsHolding(subject.setup, TARGET)).toEqual([])
      expect(await columnsHolding(subject.setup, 'Ayse.Privacy')).toEqual([])
      expect(isEmptyExport(await exportPersonalData(subject.app, TARGET, NOW))).toBe(true)

      const other = await subject.setup.query<{ email: string; ip_address: string }>(
        'select email, ip_address from public.contact_messages where id = $1',
        [otherId],
      )
      expect(other.rows).toEqual([{ email: OTHER, ip_address: '203.0.113.9' }])
      const digest = await subject.setup.query<{ ids: string[] }>(
        `select data -> 'ids' as ids from public.mail_queue where kind = 'digest'`,
      )
      expect(digest.rows).toEqual([{ ids: [otherId] }])
      expect((await exportPersonalData(subject.app, OTHER, NOW)).rateLimits).toHaveLength(1)
      expect((await exportPersonalData(subject.app, OTHER, NOW)).spamFilter.recentTexts).toBe(1)
      const domains = await subject.setup.query<{ sender: string }>(
        `select sender from public.spam_senders where sender like '@%'`,
      )
      expect(domains.rows).toEqual([{ sender: '@example.com' }])

      const { rows: requests } = await subject.setup.query<{ subject_hash: string; via: string; counts: Record<string, number> }>(
        'select subject_hash, via, counts from public.privacy_requests',
      )
      expect(requests).toHaveLength(1)
      expect(requests[0]!.subject_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(requests[0]!.counts.messages).toBe(2)
      const again = await erasePersonalData(subject.app, TARGET, { via: 'staff', now: NOW })
      expect(again).toMatchObject({ ok: true, total: 0, repeat: true })
      expect((await exportPersonalData(subject.app, TARGET, NOW)).erasureRequests).toHaveLength(2)
    })

    it('erases again, after a restore, what was erased after the backup was taken', async () => {
      const backupTakenAt = daysAgo(1)
      const erasures = await readErasures(subject.app, backupTakenAt)
      expect(erasures).toHaveLength(2)
      // The restore brings back the rows as they were, and privacy_requests without the later records.
      await subject.setup.query('delete from public.privacy_requests')
      await subject.setup.query(`delete from public.mail_queue where kind = 'digest'`)
      await plant()
      expect((await exportPersonalData(subject.app, TARGET, NOW)).messages).toHaveLength(2)
      const erased = await subject.app.transaction((tx) => reapplyErasures(tx, backupTakenAt, erasures))
      expect(erased).toBe(1)
      expect(await columnsHolding(subject.setup, TARGET)).toEqual([])
      expect(await readErasures(subject.app, backupTakenAt)).toEqual(erasures)
      expect((await exportPersonalData(subject.app, OTHER, NOW)).messages).toHaveLength(2)
      // Nothing after the backup: nothing to do.
      expect(await subject.app.transaction((tx) => reapplyErasures(tx, NOW))).toBe(0)
    })
  })
}
