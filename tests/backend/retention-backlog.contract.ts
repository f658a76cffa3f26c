/**
 * Retention over a big backlog (decision 184), on any database of the app (PGlite in
 * privacy.test.ts, PostgreSQL 17 set up as Supabase sets one up in tests/postgres/privacy.test.ts):
 * the pass finishes, every batch takes at most a batch of rows (counted in the table between
 * batches, not timed), another query is answered while the pass is under way, and a pass stopped
 * between two batches, as a kill stops it, leaves what the next pass finishes, with exact records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import type { Sql } from '~/backend/sql/client'
import { dueIpAddresses, type RetentionBatch, runRetention } from '~/backend/sql/retention.server'
import type { RetentionPolicy, RetentionRun } from '~/domain/privacy'
import { LIMITS } from '~/lib/limits'
import type { PrivacySubject } from './privacy.contract'

const NOW = new Date('2026-11-27T03:00:00Z')
const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)

/** The backlog: a year and more without retention. */
// Anonymizing rewrites a row into every index (2–3 ms a row in PGlite): fewer of those, to keep the suite's time.
const OLD = 16_000 // past the message period
const OLD_IP = 1_500 // inside it, past the IP period
const TRASHED = 1_000 // trashed 40 days ago
const SPAM = 500 // spam from 40 days ago
const FRESH = 1_000 // inside every period
const TOTAL = OLD + OLD_IP + TRASHED + SPAM + FRESH

async function seedBacklog(setup: Sql): Promise<void> {
  await setup.query('delete from public.contact_messages')
  await setup.query('delete from public.destruction_records')
  await setup.query(`update public.retention_pass set holder = null, lease_until = '-infinity', pass_at = null, tally = '{}'`)
  await bulkInsertMessages(setup, TOTAL, (i) => {
    if (i < OLD) return makeContactMessage({ createdAt: daysAgo(731 + (i % 300)), status: 'archived' })
    if (i < OLD + OLD_IP) return makeContactMessage({ createdAt: daysAgo(91 + (i % 600)), status: 'read' })
    if (i < OLD + OLD_IP + TRASHED) return makeContactMessage({ createdAt: daysAgo(60), deletedAt: daysAgo(40) })
    if (i < TOTAL - FRESH) return makeContactMessage({ createdAt: daysAgo(40), status: 'spam' })
    return makeContactMessage({ createdAt: daysAgo(i % 80) })
  })
}

/** What is still due, counted in the table: the tests' own measure of each batch. */
async function due(db: Sql): Promise<{ messages: number; ips: number; trash: number; spam: number }> {
  const { rows } = await db.query<{ messages: number; ips: number; trash: number; spam: number }>(
    `select count(*) filter (where created_at < $1)::int as messages,
            count(*) filter (where ip_address is not null and created_at < $2 and created_at >= $1)::int as ips,
            count(*) filter (where deleted_at < $3)::int as trash,
            count(*) filter (where status = 'spam' and created_at < $3)::int as spam
     from public.contact_messages`,
    [daysAgo(POLICY.messageDays), daysAgo(POLICY.ipDays), daysAgo(POLICY.trashDays)],
  )
  return rows[0]!
}

const total = (runs: RetentionRun[], category: string) =>
  runs.flatMap((run) => run.records).reduce((sum, r) => sum + (r.category === category ? r.count : 0), 0)

export function describeRetentionBacklog(name: string, open: () => Promise<PrivacySubject>): void {
  describe(`retention over a backlog of ${TOTAL} messages on ${name}`, () => {
    let subject: PrivacySubject
    beforeAll(async () => {
      subject = await open()
    }, 120_000)
    afterAll(() => subject?.dispose())

    it('destroys it all in batches of at most a batch of rows, answering another query meanwhile', async () => {
      const { app, setup } = subject
      await seedBacklog(setup)
      const batches: (RetentionBatch & { taken: number })[] = []
      let before = await due(setup)
      let answeredAfter: number | undefined
      let asked: number | undefined
      const run = await runRetention(app, POLICY, NOW, {
        async onBatch(batch) {
          const after = await due(setup)
          // The table's own count of what this batch took, beside what the batch said.
          const taken =
            before.messages -
            after.messages +
            (before.ips - after.ips) +
            (before.trash - after.trash) +
            (before.spam - after.spam)
          batches.push({ ...batch, taken })
          before = after
          if (batches.length === 3) {
            asked = batches.length
            // Asked from outside the pass (a timer, as a request arrives), not awaited by it.
            setImmediate(() => {
              void app
                .query<{ n: number }>(`select count(*)::int as n from public.contact_messages where status = 'new'`)
                .then(() => {
                  answeredAfter = batches.length
                })
            })
          }
        },
      })
      expect(run.ran).toBe(true)
      expect(Object.fromEntries(run.records.map((r) => [r.category, r.count]))).toEqual({
        messages: OLD,
        trash: TRASHED,
        spam: SPAM,
        ip_addresses: OLD_IP,
      })
      expect(await due(setup)).toEqual({ messages: 0, ips: 0, trash: 0, spam: 0 })
      const kept = await setup.query<{ n: number; ips: number }>(
        'select count(*)::int as n, count(ip_address)::int as ips from public.contact_messages',
      )
      expect(kept.rows[0]).toEqual({ n: OLD_IP + FRESH, ips: FRESH })

      // Bounded by rows: no batch took more than its limit, and no limit was above the configured one.
      for (const batch of batches) {
        expect(batch.taken).toBeLessThanOrEqual(batch.limit)
        expect(batch.taken).toBe(batch.rows)
        expect(batch.limit).toBeLessThanOrEqual(LIMITS.retention.batchRows)
      }
      expect(batches.filter((b) => b.category === 'messages').length).toBeGreaterThanOrEqual(OLD / LIMITS.retention.batchRows)
      // Each category starts small, then takes what its measured cost per row fits in half the budget.
      for (const category of ['messages', 'ip_addresses'] as const) {
        expect(batches.find((b) => b.category === category)?.limit).toBe(LIMITS.retention.minBatchRows)
      }
      // The query asked after the third batch was answered before the pass ended, within a batch or two.
      expect(answeredAfter).toBeDefined()
      expect(answeredAfter!).toBeLessThanOrEqual(asked! + 1)
      expect(answeredAfter!).toBeLessThan(batches.length)
    }, 300_000)

    it('finishes, after a pass stopped between two batches, what that pass left, with exact records for both', async () => {
      const { app, setup } = subject
      await seedBacklog(setup)
      let seen = 0
      let destroyed = 0
      const killed = runRetention(app, POLICY, NOW, {
        leaseSeconds: 1,
        onBatch(batch) {
          destroyed += batch.rows
          // Stopped in the middle of the messages, as a kill between two batches stops it.
          if (batch.category === 'messages' && ++seen === 5) throw new Error('killed')
        },
      })
      await expect(killed).rejects.toThrow('killed')
      const left = await due(setup)
      expect(destroyed).toBeGreaterThanOrEqual(5 * LIMITS.retention.minBatchRows)
      expect(left.messages).toBe(OLD - destroyed)
      expect(left.ips).toBe(OLD_IP)

      // Its lease is still held: another instance's pass stands aside until it lapses.
      expect(await runRetention(app, POLICY, NOW)).toEqual({ ran: false, records: [] })
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const later = new Date(NOW.getTime() + 60_000)
      const resumed = await runRetention(app, POLICY, later)
      expect(resumed.ran).toBe(true)
      // The stopped pass's records, under its own time, with what it did destroy; then the rest.
      expect(resumed.records.filter((r) => r.at === NOW.toISOString())).toEqual([
        { at: NOW.toISOString(), category: 'messages', method: 'deletion', count: destroyed },
      ])
      expect(total([resumed], 'messages')).toBe(OLD)
      expect(total([resumed], 'ip_addresses')).toBe(OLD_IP)
      expect(total([resumed], 'trash') + total([resumed], 'spam')).toBe(TRASHED + SPAM)
      expect(await due(setup)).toEqual({ messages: 0, ips: 0, trash: 0, spam: 0 })
      const { rows } = await setup.query<{ category: string; n: number }>(
        'select category, sum(count)::int as n from public.destruction_records group by category order by category',
      )
      expect(rows).toEqual([
        { category: 'ip_addresses', n: OLD_IP },
        { category: 'messages', n: OLD },
        { category: 'spam', n: SPAM },
        { category: 'trash', n: TRASHED },
      ])
      // Idempotent: once done, a pass finds nothing and writes nothing.
      expect(await runRetention(app, POLICY, later)).toEqual({ ran: true, records: [] })
    }, 300_000)

    it('looks for due addresses among the kept ones only, not past every anonymized message', async () => {
      const { app, setup } = subject
      await seedBacklog(setup)
      // The statistics of the seed, when every address was kept, as the planner has them on the
      // first start after a pass (the embedded server renews them only after a quiet minute).
      await setup.exec('analyze public.contact_messages')
      expect((await runRetention(app, POLICY, NOW)).ran).toBe(true)
      // Vacuumed since, as the maintenance of either database does: the dead rows are gone.
      await setup.exec('vacuum public.contact_messages')
      // The next pass's first look: nothing is due, OLD_IP anonymized messages lie in the period.
      const plan = await app.transaction(async (tx) => {
        // On the bench's 100,000 messages the stale statistics made walking the date index look
        // cheaper than sorting what an index of created_at alone gives (42,226 anonymized rows
        // read to find ten); on a test's few thousand the planner still sorts. Without sorting,
        // the batch is read either from an index that has its order or by that walk.
        await tx.exec('set local enable_sort = off; set local enable_incremental_sort = off')
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off) with ${dueIpAddresses(LIMITS.retention.minBatchRows)} select count(*) from doomed`,
          [daysAgo(POLICY.ipDays), '-infinity', '00000000-0000-0000-0000-000000000000'],
        )
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      })
      const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0)
      expect(removed, plan).toBe(0)
      expect(plan).toContain('contact_messages_ip_kept_idx')
    }, 300_000)

    it('takes over at once, in the only process on the database, a lease its killed predecessor left', async () => {
      const { app, setup } = subject
      await setup.query('delete from public.destruction_records')
      await setup.query(
        `update public.retention_pass set holder = 'killed', lease_until = now() + interval '1 hour', pass_at = $1,
         tally = '{"trash": 7, "mail": 2}'`,
        [NOW],
      )
      expect(await runRetention(app, POLICY, NOW)).toEqual({ ran: false, records: [] })
      const run = await runRetention(app, POLICY, NOW, { exclusive: true })
      expect(run).toEqual({
        ran: true,
        records: [
          { at: NOW.toISOString(), category: 'trash', method: 'deletion', count: 7 },
          { at: NOW.toISOString(), category: 'mail', method: 'deletion', count: 2 },
        ],
      })
      const { rows } = await setup.query('select holder, pass_at, tally from public.retention_pass')
      expect(rows).toEqual([{ holder: null, pass_at: null, tally: {} }])
    })
  })
}
