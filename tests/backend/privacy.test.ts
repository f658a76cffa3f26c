/** The retention job and one person's data on PGlite, with the built-in sign-in (tests/backend/privacy.contract.ts). */
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxPath, readOutbox } from '~/backend/mail/outbox.server'
import { runRetention } from '~/backend/sql/retention.server'
import { isEmptyExport, type RetentionPolicy } from '~/domain/privacy'
import { openTestBackend, type TestBackend } from './embedded-harness'
import { describePlannerStatsErasure } from './planner-stats.contract'
import { describePrivacyContract } from './privacy.contract'
import { describeRetentionBacklog } from './retention-backlog.contract'

describePrivacyContract('PGlite (embedded)', async () => {
  const test = await openTestBackend()
  return { app: test.db, setup: test.db, builtinAuth: true, dispose: test.dispose }
})

const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }

describePlannerStatsErasure('PGlite (embedded)', async () => {
  const test = await openTestBackend()
  return { app: test.db, setup: test.db, builtinAuth: true, dispose: test.dispose }
})

describeRetentionBacklog('PGlite (embedded)', async () => {
  const test = await openTestBackend()
  return { app: test.db, setup: test.db, builtinAuth: true, dispose: test.dispose }
})

describe("the backend's privacy service, embedded (mail logged to outbox.jsonl)", () => {
  const VISITOR = 'deniz.arslan@example.com'
  let test: TestBackend

  beforeAll(async () => {
    test = await openTestBackend()
    await test.backend.messages.create({ name: 'Deniz Arslan', email: VISITOR, message: 'Merhaba, bilgi almak istiyorum.' })
    const line = (to: string, text: string) =>
      `${JSON.stringify({ to, subject: 'Yeni mesaj', text, sentAt: new Date().toISOString(), kind: 'new_message' })}\n`
    await fs.appendFile(
      outboxPath(test.dataDir),
      line('admin@example.com', `Deniz Arslan <${VISITOR.toUpperCase()}> yazdı`) + line('admin@example.com', 'Başka biri yazdı'),
    )
  })
  afterAll(() => test?.dispose())

  it('exports the logged mail naming the address and erases it with the rest', async () => {
    const before = await test.backend.privacy.exportData(VISITOR)
    expect(before.messages).toHaveLength(1)
    expect(before.loggedMail).toEqual([expect.objectContaining({ to: 'admin@example.com', subject: 'Yeni mesaj' })])

    const result = await test.backend.privacy.erase(VISITOR, { via: 'cli' })
    expect(result).toMatchObject({ ok: true, counts: { messages: 1, loggedMail: 1 } })
    expect(isEmptyExport(await test.backend.privacy.exportData(VISITOR))).toBe(true)
    expect((await readOutbox(test.dataDir)).map((mail) => mail.text)).toContain('Başka biri yazdı')
    expect(JSON.stringify(await readOutbox(test.dataDir)).toLowerCase()).not.toContain(VISITOR)
  })

  it('runs one retention pass at a time in its process, taking over at once a lease its killed predecessor left', async () => {
    await test.db.query(
      `update public.retention_pass set holder = 'killed', lease_until = now() + interval '1 hour', pass_at = now(), tally = '{}'`,
    )
    const policy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
    const [first, second] = await Promise.all([
      test.backend.privacy.runRetention(policy),
      test.backend.privacy.runRetention(policy),
    ])
    expect(first.ran).toBe(true)
    expect(second).toEqual({ ran: false, records: [] })
    expect((await test.db.query('select holder from public.retention_pass')).rows).toEqual([{ holder: null }])
  })

  it('renews the statistics after a pass only once the app has been quiet, where it watches the app (decision 194)', async () => {
    const NOW = new Date('2026-11-27T03:00:00Z')
    await test.db.query(
      `insert into public.contact_messages (name, email, message, created_at, ip_address)
       values ('Eski Ziyaretçi', 'eski@example.org', 'Merhaba, eski bir mesaj.', $1, '203.0.113.5')`,
      [new Date(NOW.getTime() - 120 * 86_400_000)],
    )
    const started = performance.now()
    // Busy (the last query 100 ms ago) for 2.5 s, then quiet: the ANALYZE waits for 1 s of quiet.
    const quietFor = () => (performance.now() - started < 2_500 ? 100 : 5_000)
    let analyzed: { at: number; waitedMs: number } | undefined
    const run = await runRetention(test.db, POLICY, NOW, {
      quietFor,
      analyzeQuietMs: 1_000,
      onAnalyze: (step) => {
        analyzed = { at: performance.now() - started, waitedMs: step.waitedMs }
      },
    })
    expect(run.records.map((r) => r.category)).toEqual(['ip_addresses'])
    expect(analyzed?.at).toBeGreaterThanOrEqual(2_500)
    expect(analyzed?.waitedMs).toBeGreaterThanOrEqual(1_000)
  })

  it("refuses the asking admin's own address", async () => {
    expect(await test.backend.privacy.erase('admin@example.com', { via: 'staff', actor: 'ADMIN@example.com' })).toEqual({
      ok: false,
      reason: 'self',
    })
  })
})

describe('the activity log under the retention job, embedded', () => {
  let test: TestBackend
  beforeAll(async () => {
    test = await openTestBackend()
  })
  afterAll(() => test?.dispose())

  it('destroys rows older than the activity period, keeps the rest, and records the destruction', async () => {
    const now = test.clock.now()
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000)
    await test.backend.activity.record({ actor: 'old@example.com', action: 'message.open', at: daysAgo(400) })
    await test.backend.activity.record({ actor: 'recent@example.com', action: 'message.open', at: daysAgo(300) })
    const run = await test.backend.privacy.runRetention({ ...POLICY, activityDays: 365 })
    expect(run.records).toContainEqual(expect.objectContaining({ category: 'activity_log', method: 'deletion', count: 1 }))
    expect(await test.backend.activity.list({ actor: 'old@example.com', limit: 10 })).toEqual([])
    expect(await test.backend.activity.list({ actor: 'recent@example.com', limit: 10 })).toHaveLength(1)
    // Without a period given, 730 days: the recent row stays.
    await test.backend.privacy.runRetention(POLICY)
    expect(await test.backend.activity.list({ actor: 'recent@example.com', limit: 10 })).toHaveLength(1)
  })
})
