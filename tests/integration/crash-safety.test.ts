/**
 * Crash safety of the embedded backend (decision 072): contact submissions stream in, the server
 * is killed with SIGKILL while some are in flight, and a new server on the same data folder takes
 * the dead one's lock over. Every submission that was answered 200 must be stored, and the
 * database must open cleanly: heap and indexes pass PostgreSQL's own amcheck.
 */
import { PGlite } from '@electric-sql/pglite'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { acquireDataDirLock } from '~/backend/embedded/lock.server'
import { type AppServer, callServerFn, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

/** Answered submissions before the kill; enough to be a stream, few enough to stay quick. */
const KILL_AFTER = 40
const CONCURRENCY = 6
const MARKER = `crash-${Date.now().toString(36)}`
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-crash-'))
const servers: AppServer[] = []

afterAll(async () => {
  for (const server of servers) await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const lockOwner = () => Number.parseInt(readFileSync(join(dataDir, '.lock'), 'utf8'), 10)

async function isGoneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      process.kill(pid, 0)
    } catch {
      return true
    }
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('keeps every acknowledged submission through a SIGKILL, and reopens cleanly', async () => {
  const submitId = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find((fn) => fn.name === 'submitContactMessage')?.id
  if (!submitId) throw new Error('submitContactMessage is not in the production build')
  const first = await startAppServer({ dataDir })
  servers.push(first)

  const acknowledged: string[] = []
  const lost: string[] = []
  const unexpected: string[] = []
  let sent = 0
  let inFlightAtKill = 0
  let inFlight = 0
  let killedPid = 0

  async function submitOne(n: number): Promise<boolean> {
    const marker = `${MARKER}-${n}`
    // One address per submission: the per-address limit is not what this test is about.
    const ip = `10.201.${n >> 8}.${n & 255}`
    const data = { name: 'Crash Test', email: `crash-${n}@example.com`, message: `${marker}: is this message still here?` }
    inFlight++
    try {
      const response = await callServerFn(first, submitId!, { method: 'POST', data, ip })
      await response.text()
      if (response.status !== 200) {
        // Before the kill every submission must be accepted; after it, none can be answered.
        if (!killedPid) unexpected.push(`${marker}: ${response.status}`)
        throw new Error(`status ${response.status}`)
      }
      acknowledged.push(marker)
      return true
    } catch {
      lost.push(marker)
      return false
    } finally {
      inFlight--
    }
  }

  async function worker(): Promise<void> {
    // Bounded, so a kill that never comes fails the test instead of running until the timeout.
    while (sent < KILL_AFTER * 10) {
      const pending = submitOne(sent++)
      // Killed only with several submissions under way (this worker's own just started).
      if (!killedPid && acknowledged.length >= KILL_AFTER && inFlight >= CONCURRENCY / 2) {
        // The server holds the data folder's lock, which names its process.
        killedPid = lockOwner()
        inFlightAtKill = inFlight
        process.kill(killedPid, 'SIGKILL')
      }
      if (!(await pending)) return
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  expect(unexpected).toEqual([])
  expect(killedPid).toBeGreaterThan(0)
  // Until its parent (this test's server helper) reaps it, a killed process still answers signal 0.
  expect(await isGoneWithin(killedPid, 5_000)).toBe(true)
  // The dead server's lock is still there, naming a process that no longer exists.
  expect(lockOwner()).toBe(killedPid)

  const second = await startAppServer({ dataDir })
  servers.push(second)
  const after = await callServerFn(second, submitId, {
    method: 'POST',
    data: { name: 'After Crash', email: 'after@example.com', message: `${MARKER}-after: written after the restart` },
    ip: '10.201.255.255',
  })
  expect(after.status, await after.text()).toBe(200)
  expect(lockOwner()).not.toBe(killedPid)
  await second.stop()

  const stored = await readStored()
  const missing = acknowledged.filter((marker) => !stored.markers.has(marker))
  const unacknowledgedButStored = lost.filter((marker) => stored.markers.has(marker)).length
  console.info(
    `crash safety: ${sent} sent, ${acknowledged.length} acknowledged, killed with ${inFlightAtKill} in flight; ` +
      `after restart ${stored.markers.size} stored (${unacknowledgedButStored} stored without an answer), ${missing.length} missing`,
  )
  expect(missing).toEqual([])
  expect(stored.markers.has(`${MARKER}-after`)).toBe(true)
  expect(stored.corruption).toEqual([])
}, 120_000)

/** The stored markers, and anything PostgreSQL's amcheck finds wrong with the table or its indexes. */
async function readStored(): Promise<{ markers: Set<string>; corruption: unknown[] }> {
  // The server's own lock, so no other process could have the folder open meanwhile.
  const release = acquireDataDirLock(dataDir)
  const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm, amcheck } })
  try {
    const { rows } = await db.query<{ message: string }>('select message from public.contact_messages where message like $1', [
      `${MARKER}-%`,
    ])
    const markers = new Set(rows.map((row) => row.message.split(':')[0]!))
    await db.exec('create extension if not exists amcheck')
    const heap = await db.query("select * from verify_heapam('public.contact_messages')")
    const indexes = await db.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where i.indrelid = 'public.contact_messages'::regclass and am.amname = 'btree'`,
    )
    expect(indexes.rows.length).toBeGreaterThan(0)
    const broken: unknown[] = [...heap.rows]
    for (const { name } of indexes.rows) {
      await db
        .query('select bt_index_check($1::regclass, true)', [`public.${name}`])
        .catch((error: unknown) => broken.push({ index: name, error: String(error) }))
    }
    return { markers, corruption: broken }
  } finally {
    await db.close()
    release()
  }
}
