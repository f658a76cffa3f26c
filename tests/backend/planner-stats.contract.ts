/**
 * What the planner's statistics keep of destroyed personal data (decision 194), on any database of
 * the app (PGlite in privacy.test.ts, PostgreSQL 17 as the server's role in tests/postgres): an
 * address erased, or an IP address anonymized by retention, no longer appears in pg_stats once
 * the erasure or the pass is over, while the statistics of what stays are still there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sql } from '~/backend/sql/client'
import { createMessageStore } from '~/backend/sql/messages.server'
import { erasePersonalData } from '~/backend/sql/privacy.server'
import { runRetention } from '~/backend/sql/retention.server'
import type { RetentionPolicy } from '~/domain/privacy'
import type { PrivacySubject } from './privacy.contract'

const NOW = new Date('2026-11-27T03:00:00Z')
const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)

/** The columns of the messages' statistics (common values, histogram, common elements) that hold `needle`, as the table's owner reads them. */
async function statsHolding(setup: Sql, needle: string): Promise<string[]> {
  const { rows } = await setup.query<{ attname: string }>(
    `select attname from pg_stats
     where schemaname = 'public' and tablename = 'contact_messages'
       and (most_common_vals::text ilike $1 or histogram_bounds::text ilike $1 or most_common_elems::text ilike $1)
     order by attname`,
    [`%${needle}%`],
  )
  return rows.map((row) => row.attname)
}

async function insert(setup: Sql, rows: { email: string; name: string; ip: string | null; days: number }[]): Promise<void> {
  await setup.query(
    `insert into public.contact_messages (name, email, message, status, created_at, ip_address)
     select r.name, r.email, 'Merhaba, teklif almak istiyoruz.', 'read', r.at, r.ip
     from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as r (name, email, ip, at)`,
    [rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.ip), rows.map((r) => daysAgo(r.days))],
  )
}

export function describePlannerStatsErasure(name: string, open: () => Promise<PrivacySubject>): void {
  describe(`the planner's statistics after destruction on ${name}`, () => {
    let subject: PrivacySubject
    beforeAll(async () => {
      subject = await open()
    }, 120_000)
    afterAll(() => subject?.dispose())

    it('no longer hold an erased address, its name or its text once the erasure is over', async () => {
      const { app, setup } = subject
      await setup.query('delete from public.contact_messages')
      const others = Array.from({ length: 40 }, (_, i) => ({
        email: `kisi${i}@example.org`,
        name: `Kişi ${i}`,
        ip: null,
        days: i % 20,
      }))
      const target = { email: 'selin.statistik@example.com', name: 'Selin Statistik', ip: null, days: 3 }
      await insert(setup, [...others, target, target, target])
      await setup.query('analyze public.contact_messages')
      // Three messages of forty-three: the address is among the common values of every column it is in.
      expect(await statsHolding(setup, 'selin.statistik')).toEqual(['email', 'search_text'])
      expect(await statsHolding(setup, 'kisi7@')).not.toEqual([])

      // The server keeps a copy of those statistics for its searches; it must not outlive the erasure.
      const statsReads: string[] = []
      const counted = (target: Sql): Sql => ({
        query: (text, params) => {
          if (text.includes('from private.message_search_stats()')) statsReads.push(text)
          return target.query(text, params)
        },
        exec: (text) => target.exec(text),
        transaction: (fn, options) => target.transaction((tx) => fn(counted(tx)), options),
      })
      const messages = createMessageStore(counted(app), () => NOW)
      const search = () => messages.list({ status: 'all', search: 'statistik', page: 1, pageSize: 50 })
      await search()
      await search()
      const readBefore = statsReads.length

      const result = await erasePersonalData(app, target.email, { via: 'cli', now: NOW })
      expect(result).toMatchObject({ ok: true, counts: { messages: 3 } })
      await search()
      expect(statsReads.length).toBe(readBefore + 1)
      expect(await statsHolding(setup, 'selin.statistik')).toEqual([])
      expect(await statsHolding(setup, 'Selin Statistik')).toEqual([])
      expect(await statsHolding(setup, 'kisi7@')).not.toEqual([])
    })

    it('no longer hold an IP address retention anonymized once the pass is over', async () => {
      const { app, setup } = subject
      await setup.query('delete from public.contact_messages')
      await setup.query(`update public.retention_pass set holder = null, lease_until = '-infinity', pass_at = null, tally = '{}'`)
      const kept = Array.from({ length: 30 }, (_, i) => ({
        email: `yeni${i}@example.org`,
        name: `Yeni ${i}`,
        ip: '192.0.2.44',
        days: 5,
      }))
      const old = Array.from({ length: 15 }, (_, i) => ({
        email: `eski${i}@example.org`,
        name: `Eski ${i}`,
        ip: '203.0.113.77',
        days: 120,
      }))
      await insert(setup, [...kept, ...old])
      await setup.query('analyze public.contact_messages')
      expect(await statsHolding(setup, '203.0.113.77')).toEqual(['ip_address'])

      const run = await runRetention(app, POLICY, NOW)
      expect(run.records.map((r) => [r.category, r.count])).toEqual([['ip_addresses', 15]])
      expect(await statsHolding(setup, '203.0.113.77')).toEqual([])
      expect(await statsHolding(setup, '192.0.2.44')).toEqual(['ip_address'])
    })
  })
}
