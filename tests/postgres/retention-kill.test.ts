/**
 * A retention pass killed with SIGKILL in the middle of a backlog, on PostgreSQL 17 as the server's
 * role (decision 185): the batch under way is rolled back by the server, every batch committed
 * before stays done and counted, another pass stands aside until the dead pass's lease lapses,
 * then writes the dead pass's exact records under its time and finishes the rest.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { pgDatabase } from '~/backend/sql/pg.server'
import { runRetention } from '~/backend/sql/retention.server'
import { createSupabaseDatabase, type SupabaseDatabase } from '../support/test-database'

const NOW = new Date('2026-11-27T03:00:00Z')
const POLICY = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3 }
const OLD = 8_000
const FRESH = 500
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)

let database: SupabaseDatabase
let app: SqlDatabase
let setup: SqlDatabase

beforeAll(async () => {
  database = await createSupabaseDatabase()
  app = pgDatabase({ url: database.appUrl, maxConnections: 2, applicationName: 'retention-kill-test' })
  setup = pgDatabase({ url: database.superuserUrl, maxConnections: 1, applicationName: 'retention-kill-setup' })
  await bulkInsertMessages(setup, OLD + FRESH, (i) =>
    makeContactMessage({ createdAt: i < OLD ? daysAgo(731 + (i % 100)) : daysAgo(i % 80), status: 'read' }),
  )
}, 120_000)

afterAll(async () => {
  await app?.close()
  await setup?.close()
  await database?.drop()
})

function waitForExit(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)))
}

const oldLeft = async () =>
  (
    await setup.query<{ n: number }>('select count(*)::int as n from public.contact_messages where created_at < $1', [
      daysAgo(730),
    ])
  ).rows[0]!.n

it('finishes exactly what a pass killed mid-batch left, with the dead pass’s records under its own time', async () => {
  const child = spawn(
    process.execPath,
    ['scripts/run-ts.mjs', 'tests/support/retention-pass.child.ts', database.appUrl, NOW.toISOString(), '2'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = waitForExit(child)
  let batches = 0
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      batches += chunk
        .toString()
        .split('\n')
        .filter((line) => line.startsWith('batch messages')).length
      // Killed once some batches committed and, very likely, with the next one's transaction open.
      if (batches >= 4) {
        child.kill('SIGKILL')
        resolve()
      }
    })
    void exited.then(() => reject(new Error('the pass ended before it was killed')))
  })
  expect(await exited).toBe('SIGKILL')

  // The server ends the dead session and rolls its open batch back; what is gone was committed and tallied.
  await expect
    .poll(
      async () => {
        const { rows } = await setup.query<{ n: number }>(
          `select count(*)::int as n from pg_catalog.pg_stat_activity where application_name = 'retention-child'`,
        )
        return rows[0]!.n
      },
      { timeout: 10_000 },
    )
    .toBe(0)
  const left = await oldLeft()
  expect(left).toBeGreaterThan(0)
  expect(left).toBeLessThan(OLD)
  const { rows: pass } = await setup.query<{ holder: string | null; tally: Record<string, number> }>(
    'select holder, tally from public.retention_pass',
  )
  expect(pass[0]!.holder).not.toBeNull()
  expect(pass[0]!.tally).toEqual({ messages: OLD - left })

  expect(await runRetention(app, POLICY, NOW)).toEqual({ ran: false, records: [] })
  await new Promise((resolve) => setTimeout(resolve, 2_100))
  const later = new Date(NOW.getTime() + 10 * 60_000)
  const resumed = await runRetention(app, POLICY, later)
  expect(resumed).toEqual({
    ran: true,
    records: [
      { at: NOW.toISOString(), category: 'messages', method: 'deletion', count: OLD - left },
      { at: later.toISOString(), category: 'messages', method: 'deletion', count: left },
    ],
  })
  expect(await oldLeft()).toBe(0)
  const kept = await setup.query<{ n: number }>('select count(*)::int as n from public.contact_messages')
  expect(kept.rows[0]!.n).toBe(FRESH)
}, 180_000)
