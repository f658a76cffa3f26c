/**
 * The embedded database's upkeep (docs/decisions/078-embedded-maintenance.md): a pass deletes the
 * sessions and codes nobody can use, vacuums the tables left with dead rows and analyzes the
 * changed ones, one statement each; bursts of writes bring a pass forward. What is timed is the
 * bench's business (`npm run bench`), not this file's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import type { SqlDatabase } from '~/backend/sql/client'
import {
  createMaintenance,
  type MaintenanceStep,
  maintainDatabase,
  newMaintenanceState,
  predictedMs,
  SWEEP_MIN_BATCH_ROWS,
} from '~/backend/sql/maintenance.server'
import { MAINTENANCE_STEP_BUDGET_MS, watchActivity } from '~/backend/sql/bounded-steps.server'
import { neededActions } from '~/backend/sql/table-stats.server'
import { log } from '~/lib/log.server'
import { LIMITS } from '~/lib/limits'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'
import { makeTempDataDir, openTestBackend, type TestBackend } from '../embedded-harness'

/** A statement's time stretched, as a busy machine may: time off the CPU that is not a wait for one. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let subject: TestBackend
let db: SqlDatabase

beforeAll(async () => {
  subject = await openTestBackend()
  db = subject.db
})
afterAll(() => subject.dispose())

async function stats(table: string) {
  await db.query('select pg_catalog.pg_stat_force_next_flush()')
  const { rows } = await db.query<{ dead: string; vacuumed: Date | null; analyzed: Date | null }>(
    `select n_dead_tup as dead, last_vacuum as vacuumed, last_analyze as analyzed
     from pg_catalog.pg_stat_user_tables where schemaname || '.' || relname = $1`,
    [table],
  )
  return { dead: Number(rows[0]!.dead), vacuumed: rows[0]!.vacuumed, analyzed: rows[0]!.analyzed }
}

describe('which tables a pass touches', () => {
  it('vacuums past 50 dead rows plus a small share of the live ones, analyzes past 50 changed plus a share', () => {
    expect(neededActions({ live: 0, dead: 50, changed: 50 })).toEqual([])
    expect(neededActions({ live: 0, dead: 51, changed: 0 })).toEqual(['vacuum'])
    expect(neededActions({ live: 0, dead: 0, changed: 51 })).toEqual(['analyze'])
    expect(neededActions({ live: 100_000, dead: 51 + 100_000 * LIMITS.database.vacuumShare, changed: 0 })).toEqual(['vacuum'])
    expect(neededActions({ live: 100_000, dead: 100_000 * LIMITS.database.vacuumShare, changed: 0 })).toEqual([])
    // Two steps, each one statement: neither holds the connection for both.
    expect(neededActions({ live: 10, dead: 500, changed: 500 })).toEqual(['vacuum', 'analyze'])
  })

  it("expects a step to cost its table's size times the highest rate measured, for that table, else any, else a default", () => {
    const state = newMaintenanceState()
    const mb = 2 ** 20
    const unknown = predictedMs(state, 'vacuum', 'public.a', 2 * mb)
    expect(unknown).toBeGreaterThan(0)
    state.msPerMb.set('vacuum', 5)
    expect(predictedMs(state, 'vacuum', 'public.a', 2 * mb)).toBe(10)
    // Below a MB, the fixed cost: counted as 1 MB.
    expect(predictedMs(state, 'vacuum', 'public.a', 1000)).toBe(5)
    state.msPerMb.set('vacuum public.a', 30)
    expect(predictedMs(state, 'vacuum', 'public.a', 2 * mb)).toBe(60)
    expect(predictedMs(state, 'analyze', 'public.a', 2 * mb)).toBe(unknown)
  })
})

/** `count` sessions of the seed admin that expired a second before `now`, their hashes `prefix` + n. */
async function insertExpiredSessions(prefix: string, count: number, now: Date): Promise<void> {
  const { rows } = await db.query<{ id: string }>('select id from builtin_auth.users where email = $1', [SEED_ADMIN_EMAIL])
  const expired = new Date(now.getTime() - 1000)
  await db.query(
    `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
     select $1 || n, $2, $3, $3, $3 from generate_series(1, $4) n`,
    [prefix, rows[0]!.id, expired, count],
  )
}

describe('a pass', () => {
  it('vacuums and analyzes the messages after status changes and deletions, and leaves no dead rows', async () => {
    await insertContactMessages(
      db,
      Array.from({ length: 600 }, (_, i) =>
        makeContactMessage({ status: 'new', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }),
      ),
    )
    await db.query(
      `update public.contact_messages set status = 'read' where id in (select id from public.contact_messages limit 400)`,
    )
    await db.query(`delete from public.contact_messages where id in (select id from public.contact_messages limit 100)`)
    expect((await stats('public.contact_messages')).dead).toBeGreaterThan(400)

    const steps = await maintainDatabase(db, subject.clock.now(), { idle: true })
    const messages = steps.filter((s) => s.target === 'public.contact_messages')
    expect(messages.map((s) => s.action)).toEqual(['vacuum', 'analyze'])
    expect(messages[0]!.rows).toBeGreaterThan(400)
    // Each step is timed on its own: wall time, the process's CPU time, the table's size.
    for (const step of messages) {
      expect(step.ms).toBeGreaterThan(0)
      expect(step.cpuMs).toBeGreaterThan(0)
      expect(step.bytes).toBeGreaterThan(0)
    }
    const after = await stats('public.contact_messages')
    expect(after).toMatchObject({ dead: 0, vacuumed: expect.any(Date), analyzed: expect.any(Date) })

    // Nothing left to do: the next pass only sweeps.
    const again = await maintainDatabase(db, subject.clock.now(), { idle: true })
    expect(again.filter((s) => s.action !== 'sweep' && s.action !== 'stats')).toEqual([])
  })

  it('leaves a large table for a pass that finds the database idle, then vacuums it and takes a checkpoint', async () => {
    await db.query(
      `update public.contact_messages set status = 'archived' where id in (select id from public.contact_messages limit 300)`,
    )
    const deferred: string[] = []
    const busy = await maintainDatabase(db, subject.clock.now(), {
      idle: false,
      largeTableBytes: 0,
      onDeferred: (t, reason) => deferred.push(`${t} ${reason}`),
    })
    expect(busy.filter((s) => s.action !== 'sweep' && s.action !== 'stats')).toEqual([])
    expect(deferred).toContain('public.contact_messages large')
    expect((await stats('public.contact_messages')).dead).toBeGreaterThan(250)

    const idle = await maintainDatabase(db, subject.clock.now(), { idle: true, largeTableBytes: 0 })
    expect(idle.map((s) => `${s.action} ${s.target}`)).toEqual(
      expect.arrayContaining(['vacuum public.contact_messages', 'analyze public.contact_messages', 'checkpoint database']),
    )
    expect(idle.at(-1)).toMatchObject({ action: 'checkpoint' })
    expect((await stats('public.contact_messages')).dead).toBe(0)
  })

  it('leaves a table a step of which once took over 100 ms for idle passes too, whatever its size', async () => {
    await db.query(
      `update public.contact_messages set status = 'read' where id in (select id from public.contact_messages limit 300)`,
    )
    const state = newMaintenanceState()
    state.slowTables.add('public.contact_messages')
    const deferred: string[] = []
    await maintainDatabase(db, subject.clock.now(), {
      idle: false,
      state,
      onDeferred: (t, reason) => deferred.push(`${t} ${reason}`),
    })
    expect(deferred).toEqual(['public.contact_messages slow', 'public.contact_messages slow'])

    const steps = await maintainDatabase(db, subject.clock.now(), { idle: false, state: newMaintenanceState() })
    expect(steps.filter((s) => s.target === 'public.contact_messages').map((s) => s.action)).toEqual(['vacuum', 'analyze'])
  })

  it('leaves for idle passes, before it ever runs, a step expected to take more than half the budget', async () => {
    await db.query(
      `update public.contact_messages set status = 'archived' where id in (select id from public.contact_messages limit 300)`,
    )
    // As if this process had measured a vacuum at a rate that makes the messages' table too slow.
    const state = newMaintenanceState()
    state.msPerMb.set('vacuum', MAINTENANCE_STEP_BUDGET_MS)
    const deferred: string[] = []
    const steps = await maintainDatabase(db, subject.clock.now(), {
      idle: false,
      state,
      onDeferred: (t, reason) => deferred.push(`${t} ${reason}`),
    })
    expect(deferred).toContain('public.contact_messages predicted')
    expect(steps.find((s) => s.target === 'public.contact_messages' && s.action === 'vacuum')).toBeUndefined()
    // The analyze has no such rate yet: the default one lets this small table's run.
    expect(steps.find((s) => s.target === 'public.contact_messages' && s.action === 'analyze')).toBeDefined()

    // An idle pass runs it, and learns this table's own rate from it.
    await maintainDatabase(db, subject.clock.now(), { idle: true, state })
    expect(state.msPerMb.get('vacuum public.contact_messages')).toBeGreaterThan(0)
    expect((await stats('public.contact_messages')).dead).toBe(0)
  })

  it('remembers a step that took over the budget: its table waits for idle passes from then on', async () => {
    await db.query(
      `update public.contact_messages set status = 'read' where id in (select id from public.contact_messages limit 300)`,
    )
    const state = newMaintenanceState()
    // A step slowed past the budget, as a busy machine does: a statement that sleeps in its place.
    const slow: SqlDatabase = {
      ...db,
      exec: async (text) => {
        if (/^vacuum .*contact_messages/.test(text)) await sleep(150)
        await db.exec(text)
      },
    }
    const steps = await maintainDatabase(slow, subject.clock.now(), { idle: false, state })
    expect(steps.find((s) => s.target === 'public.contact_messages' && s.action === 'vacuum')!.ms).toBeGreaterThan(
      MAINTENANCE_STEP_BUDGET_MS,
    )
    expect([...state.slowTables]).toEqual(['public.contact_messages'])
  })

  it("sizes a table from the catalog's page counts, grown as its rows have since they were counted", async () => {
    await maintainDatabase(db, subject.clock.now(), { idle: true })
    // Twice the rows since the last count: a bulk import between two passes.
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.contact_messages')
    await insertContactMessages(
      db,
      Array.from({ length: Number(rows[0]!.n) }, (_, i) =>
        makeContactMessage({ status: 'new', createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)) }),
      ),
    )
    const steps = await maintainDatabase(db, subject.clock.now(), { idle: true })
    const analyze = steps.find((s) => s.target === 'public.contact_messages' && s.action === 'analyze')!
    const real = await db.query<{ bytes: string }>(`select pg_catalog.pg_total_relation_size('public.contact_messages') as bytes`)
    // The estimate follows the files, erring on the large side (the indexes do not grow as fast
    // as the rows): a table is rather left for an idle pass than run too large among requests.
    expect(analyze.bytes).toBeGreaterThan(Number(real.rows[0]!.bytes) * 0.8)
    expect(analyze.bytes).toBeLessThan(Number(real.rows[0]!.bytes) * 2.5)
  })

  it('deletes expired and idle sessions and long-expired codes, and keeps the ones still usable', async () => {
    const now = subject.clock.now()
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000)
    const { rows } = await db.query<{ id: string }>('select id from builtin_auth.users where email = $1', [SEED_ADMIN_EMAIL])
    const userId = rows[0]!.id
    const session = (hash: string, lastSeen: Date, expires: Date) =>
      db.query(
        `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at) values ($1, $2, $3, $3, $4)`,
        [hash, userId, lastSeen, expires],
      )
    await session('expired', at(-3600), at(-1))
    await session('idle', at(-LIMITS.auth.sessionIdleSeconds - 1), at(3600))
    await session('live', at(-60), at(3600))
    const code = (expires: Date) =>
      db.query(
        `insert into builtin_auth.otp_codes (email, code_hash, created_at, expires_at) values ($1, 'x', $2, $2) returning id`,
        [SEED_ADMIN_EMAIL, expires],
      )
    await code(at(-LIMITS.database.codeKeepAfterExpirySeconds - 1))
    await code(at(-60))

    const steps = await maintainDatabase(db, now, { idle: false })
    expect(steps.filter((s) => s.action === 'sweep')).toEqual([
      expect.objectContaining({ target: 'builtin_auth.sessions', rows: 2 }),
      expect.objectContaining({ target: 'builtin_auth.otp_codes', rows: 1 }),
    ])
    const sessions = await db.query<{ token_hash: string }>('select token_hash from builtin_auth.sessions order by 1')
    expect(sessions.rows.map((r) => r.token_hash)).toEqual(['live'])
    const codes = await db.query('select 1 from builtin_auth.otp_codes')
    expect(codes.rows).toHaveLength(1)
  })

  it('sweeps in batches, so no statement deletes more than a batch', async () => {
    const now = subject.clock.now()
    const count = LIMITS.database.sweepBatchRows * 2 + 7
    await insertExpiredSessions('old-', count, now)
    const deletes: number[] = []
    const watched = watchActivity(db, (n) => deletes.push(n)).db
    const steps = await maintainDatabase(watched, now, { idle: false })
    expect(steps[0]).toMatchObject({ target: 'builtin_auth.sessions', rows: count })
    expect(Math.max(...deletes)).toBeLessThanOrEqual(LIMITS.database.sweepBatchRows)
  })

  it('halves its batch after a statement over half the budget, down to a floor, and keeps it for later passes', async () => {
    const now = subject.clock.now()
    const count = 300
    await insertExpiredSessions('slow-', count, now)
    const deletes: number[] = []
    const watched = watchActivity(db, (n) => deletes.push(n)).db
    // Every delete slowed past half the budget, as a busy machine might.
    const slow: SqlDatabase = {
      ...watched,
      query: async (text, params) => {
        if (text.startsWith('delete from builtin_auth.sessions')) await sleep(60)
        return watched.query(text, params)
      },
    }
    const state = newMaintenanceState()
    state.sweepBatchRows = 200
    const steps = await maintainDatabase(slow, now, { idle: false, state })
    expect(steps[0]).toMatchObject({ target: 'builtin_auth.sessions', rows: count })
    // 200, then 100 (the 300th row's batch), then an empty 50.
    expect(deletes.slice(0, 2)).toEqual([200, 100])
    expect(state.sweepBatchRows).toBeLessThanOrEqual(50)
    expect(state.sweepBatchRows).toBeGreaterThanOrEqual(SWEEP_MIN_BATCH_ROWS)
    expect(steps[0]!.ms).toBeLessThan(steps[0]!.totalMs)
  })
})

describe('scheduling', () => {
  it('counts the rows that statements change, inside transactions too, and not the rows a select returns', async () => {
    const counts: number[] = []
    const { db: watched, quietFor } = watchActivity(db, (n) => counts.push(n))
    await watched.query('select * from public.contact_messages limit 20')
    await watched.query(
      `update public.contact_messages set status = 'archived' where id in (select id from public.contact_messages limit 7)`,
    )
    await watched.transaction(async (tx) => {
      await tx.query(
        `update public.contact_messages set status = 'read' where id in (select id from public.contact_messages limit 3)`,
      )
    })
    expect(counts).toEqual([7, 3])
    expect(quietFor()).toBeLessThan(1000)
  })

  it('is not quiet while a query or a transaction of the app is under way, between its statements too', async () => {
    const { db: watched, quietFor } = watchActivity(db, () => {})
    let inside = -1
    await watched.transaction(async (tx) => {
      await tx.query('select 1')
      inside = quietFor()
    })
    expect(inside).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(quietFor()).toBeGreaterThan(0)
  })

  it("waits for the server's own timers' statements but does not count them as the app's activity", async () => {
    const { db: watched, background, quietFor } = watchActivity(db, () => {})
    await watched.query('select 1')
    await new Promise((resolve) => setTimeout(resolve, 30))
    const before = quietFor()
    let during = -1
    await background.transaction(async (tx) => {
      await tx.query('select count(*) from public.mail_queue')
      during = quietFor()
    })
    await background.query('select 1')
    // Under way it is waited for; done, it leaves the quiet since the app's last query running on.
    expect(during).toBe(0)
    expect(quietFor()).toBeGreaterThanOrEqual(before)
  })

  it("is not quiet while a backup's raw read of rows is under way (decision 177)", async () => {
    expect(db.firstColumnBytes).toBeDefined()
    const { db: watched, quietFor } = watchActivity(db, () => {})
    const read = watched.firstColumnBytes!('select name from public.contact_messages')
    const during = quietFor()
    const rows = await read
    expect(during).toBe(0)
    expect(rows.count).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(quietFor()).toBeGreaterThan(0)
  })

  it("lets the app's transaction under way finish before a step starts, and counts the wait", async () => {
    const { db: watched, quietFor } = watchActivity(db, () => {})
    const order: string[] = []
    // A request's transaction that pauses between its statements (its handler awaiting something else).
    const request = watched.transaction(async (tx) => {
      await tx.query('select 1')
      await new Promise((resolve) => setTimeout(resolve, 30))
      await tx.query('select 1')
      order.push('request')
    })
    await new Promise((resolve) => setTimeout(resolve, 1))
    const steps = await maintainDatabase(db, subject.clock.now(), { idle: false, quietFor })
    order.push('maintenance')
    await request
    expect(order).toEqual(['request', 'maintenance'])
    expect(steps[0]!.waitedMs).toBeGreaterThan(10)
  })

  it('runs a pass once a burst of writes has ended, and none for a few writes', async () => {
    const steps: MaintenanceStep[] = []
    const maintenance = createMaintenance({
      db,
      now: subject.clock.now,
      onStep: (step) => steps.push(step),
      schedule: { intervalMs: 60 * 60 * 1000, quietMs: 20, bulkRows: 100 },
    })
    try {
      maintenance.noteWrites(60)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(steps).toEqual([])
      maintenance.noteWrites(60)
      await expect.poll(() => steps.length, { timeout: 5_000 }).toBeGreaterThan(0)
      expect(steps[0]).toMatchObject({ action: 'sweep' })
    } finally {
      await maintenance.close()
    }
  })

  it('a pass asked for after close does nothing', async () => {
    const maintenance = createMaintenance({ db, now: subject.clock.now })
    expect((await maintenance.run()).length).toBeGreaterThan(0)
    await maintenance.close()
    expect(await maintenance.run()).toEqual([])
  })
})

describe("the server's embedded backend", () => {
  it('vacuums the messages on its own a few seconds after a bulk deletion', async () => {
    // A step's line is info, or a warning when it took over 100 ms (a busy machine).
    const info = vi.spyOn(log(), 'info').mockImplementation(() => {})
    const warn = vi.spyOn(log(), 'warn').mockImplementation(() => {})
    const lines = () => [...info.mock.calls, ...warn.mock.calls].map((call) => String(call[0]))
    const instance = await openEmbedded({
      dataDir: await makeTempDataDir(),
      secureCookies: false,
      logEmails: false,
      inMemory: true,
      maintenance: true,
    })
    try {
      const ids = await insertContactMessages(
        instance.db,
        Array.from({ length: LIMITS.database.maintenanceBulkRows + 200 }, (_, i) =>
          makeContactMessage({ createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) }),
        ),
      )
      expect(await instance.backend.messages.remove(ids)).toBe(ids.length)
      await expect
        .poll(lines, {
          timeout: (LIMITS.database.maintenanceQuietSeconds + 20) * 1000,
          interval: 250,
        })
        .toContainEqual(expect.stringMatching(/^\[maintenance\] vacuum( analyze)? public\.contact_messages: \d+ rows/))
    } finally {
      await instance.backend.close()
      info.mockRestore()
      warn.mockRestore()
    }
  }, 120_000)
})
