/**
 * The embedded database's upkeep (docs/decisions/078-embedded-maintenance.md): a pass deletes the
 * sessions and codes nobody can use, vacuums the tables left with dead rows and analyzes the
 * changed ones, one statement each; bursts of writes bring a pass forward. What is timed is the
 * bench's business (`npm run bench`), not this file's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openEmbedded } from '~/backend/embedded/index.server'
import type { SqlDatabase } from '~/backend/sql/client'
import {
  createMaintenance,
  type MaintenanceStep,
  maintainDatabase,
  neededAction,
  watchActivity,
} from '~/backend/sql/maintenance.server'
import { log } from '~/lib/log.server'
import { LIMITS } from '~/lib/limits'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { SEED_ADMIN_EMAIL } from '~/backend/sql/seed.server'
import { makeTempDataDir, openTestBackend, type TestBackend } from '../embedded-harness'

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
    expect(neededAction({ live: 0, dead: 50, changed: 50 })).toBeNull()
    expect(neededAction({ live: 0, dead: 51, changed: 0 })).toBe('vacuum')
    expect(neededAction({ live: 0, dead: 0, changed: 51 })).toBe('analyze')
    expect(neededAction({ live: 100_000, dead: 51 + 100_000 * LIMITS.database.vacuumShare, changed: 0 })).toBe('vacuum')
    expect(neededAction({ live: 100_000, dead: 100_000 * LIMITS.database.vacuumShare, changed: 0 })).toBeNull()
    expect(neededAction({ live: 10, dead: 500, changed: 500 })).toBe('vacuum analyze')
  })
})

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
    const messages = steps.find((s) => s.target === 'public.contact_messages')
    expect(messages).toMatchObject({ action: 'vacuum analyze' })
    expect(messages!.rows).toBeGreaterThan(400)
    const after = await stats('public.contact_messages')
    expect(after).toMatchObject({ dead: 0, vacuumed: expect.any(Date), analyzed: expect.any(Date) })

    // Nothing left to do: the next pass only sweeps.
    const again = await maintainDatabase(db, subject.clock.now(), { idle: true })
    expect(again.filter((s) => s.action !== 'sweep')).toEqual([])
  })

  it('leaves a large table for a pass that finds the database idle, then vacuums it and takes a checkpoint', async () => {
    await db.query(
      `update public.contact_messages set status = 'archived' where id in (select id from public.contact_messages limit 300)`,
    )
    const deferred: string[] = []
    const busy = await maintainDatabase(db, subject.clock.now(), {
      idle: false,
      largeTableBytes: 0,
      onDeferred: (t) => deferred.push(t),
    })
    expect(busy.filter((s) => s.action !== 'sweep')).toEqual([])
    expect(deferred).toContain('public.contact_messages')
    expect((await stats('public.contact_messages')).dead).toBeGreaterThan(250)

    const idle = await maintainDatabase(db, subject.clock.now(), { idle: true, largeTableBytes: 0 })
    expect(idle.map((s) => `${s.action} ${s.target}`)).toEqual(
      expect.arrayContaining(['vacuum analyze public.contact_messages', 'checkpoint database']),
    )
    expect(idle.at(-1)).toMatchObject({ action: 'checkpoint' })
    expect((await stats('public.contact_messages')).dead).toBe(0)
  })

  it('leaves a table a step of which once took over 100 ms for idle passes too, whatever its size', async () => {
    await db.query(
      `update public.contact_messages set status = 'read' where id in (select id from public.contact_messages limit 300)`,
    )
    const slowTables = new Set(['public.contact_messages'])
    const deferred: string[] = []
    await maintainDatabase(db, subject.clock.now(), { idle: false, slowTables, onDeferred: (t) => deferred.push(t) })
    expect(deferred).toEqual(['public.contact_messages'])

    const steps = await maintainDatabase(db, subject.clock.now(), { idle: false, slowTables: new Set() })
    expect(steps.find((s) => s.target === 'public.contact_messages')?.action).toMatch(/^vacuum/)
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
    const { rows } = await db.query<{ id: string }>('select id from builtin_auth.users where email = $1', [SEED_ADMIN_EMAIL])
    const count = LIMITS.database.sweepBatchRows * 2 + 7
    await db.query(
      `insert into builtin_auth.sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
       select 'old-' || n, $1, $2, $2, $2 from generate_series(1, $3) n`,
      [rows[0]!.id, new Date(now.getTime() - 1000), count],
    )
    const deletes: number[] = []
    const watched = watchActivity(db, (n) => deletes.push(n)).db
    const steps = await maintainDatabase(watched, now, { idle: false })
    expect(steps[0]).toMatchObject({ target: 'builtin_auth.sessions', rows: count })
    expect(Math.max(...deletes)).toBeLessThanOrEqual(LIMITS.database.sweepBatchRows)
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
