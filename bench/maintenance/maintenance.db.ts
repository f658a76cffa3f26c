/** A year of a busy firm on one embedded data folder (docs/decisions/078-embedded-maintenance.md),
 * run through scripts/run-ts.mjs by bench/maintenance/maintenance.mjs: node scripts/run-ts.mjs
 * bench/maintenance/maintenance.db.ts <workDir> [scale] Day by day on a moving clock: messages
 * arrive, are read, some archived, a tenth trashed and purged 30 days later; rate-limit hits come
 * and expire; staff sign in with codes whose mail is delivered and later removed; sessions end. */
import fs from 'node:fs'
import path from 'node:path'
import type { RequestContext } from '~/backend/backend'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import type { Sql } from '~/backend/sql/client'
import { removeFinishedMail } from '~/backend/mail/queue.server'
import { runQueueMs, watchActivity } from '~/backend/sql/bounded-steps.server'
import { type MaintenanceStep, maintainDatabase, newMaintenanceState } from '~/backend/sql/maintenance.server'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { LIMITS } from '~/lib/limits'
import { copyLiveRows } from './copy-live-rows'

const DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000
/** Tables that carry the year's live rows into the fresh folder (the rest are seeded the same by both). */
const STAFF = Array.from({ length: 8 }, (_, i) => `staff${i + 1}@pusula.example`)
/** An SMTP server nobody delivers to: the worker is off, so each code stays in the queue for us to read. */
const MAIL = { smtp: { url: 'smtp://127.0.0.1:9', from: 'Pusula <bildirim@pusula.example>' }, worker: false }

function folderBytes(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    total += entry.isDirectory() ? folderBytes(file) : fs.statSync(file).size
  }
  return total
}

/** A data folder's size: all of it, and its write-ahead log (pg_wal) apart. */
function folderSize(dataDir: string): { total: number; wal: number } {
  const db = path.join(dataDir, 'db')
  return { total: folderBytes(db), wal: folderBytes(path.join(db, 'pg_wal')) }
}

function jar(): RequestContext {
  const store = new Map<string, string>()
  return {
    cookies: {
      getAll: () => [...store].map(([name, value]) => ({ name, value })),
      set: (name, value, options) => (options.maxAge === 0 ? store.delete(name) : store.set(name, value)),
    },
  }
}

async function open(dataDir: string, clock: { now: () => Date }): Promise<EmbeddedInstance> {
  fs.rmSync(dataDir, { recursive: true, force: true })
  return openEmbedded({ dataDir, secureCookies: false, logEmails: false, now: clock.now, mail: MAIL })
}

async function signIn(instance: EmbeddedInstance, email: string): Promise<RequestContext> {
  const sent = await instance.backend.auth.sendCode(email)
  if (!sent.ok) throw new Error(`sendCode: ${sent.message}`)
  const { rows } = await instance.db.query<{ id: string; code: string }>(
    `select id, data->>'code' as code from public.mail_queue where kind = 'sign_in_code' and recipient = $1 and status = 'pending'`,
    [email],
  )
  // Delivered: the worker wipes the code once the mail has left.
  await instance.db.query(`update public.mail_queue set status = 'sent', data = '{}', sent_at = created_at where id = $1`, [
    rows[0]!.id,
  ])
  const ctx = jar()
  const verified = await instance.backend.auth.verifyCode(ctx, email, rows[0]!.code)
  if (!verified.ok) throw new Error(`verifyCode: ${verified.message}`)
  return ctx
}

/** The inbox queries both folders are timed with: three lists and a common surname's search. */
const INBOX_QUERIES = [
  { status: 'all', search: '', page: 1, pageSize: 50 },
  { status: 'new', search: '', page: 1, pageSize: 50 },
  { status: 'archived', search: '', page: 3, pageSize: 50 },
  { status: 'all', search: 'öztürk', page: 1, pageSize: 50 },
] as const

/** The inbox's p95 on both folders, their queries interleaved so that the machine's changing load falls on both alike. */
async function inboxP95(instances: EmbeddedInstance[], runs: number): Promise<number[]> {
  const queries = INBOX_QUERIES
  for (const instance of instances) for (const q of queries) await instance.backend.messages.list(q)
  const times = instances.map((): number[] => [])
  for (let i = 0; i < runs; i++) {
    for (const [k, instance] of instances.entries()) {
      const started = performance.now()
      await instance.backend.messages.list(queries[i % queries.length]!)
      times[k]!.push(performance.now() - started)
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b)
    return list[Math.ceil(list.length * 0.95) - 1]!
  })
}

function countBy(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  return counts
}

interface ProbeWait {
  /** From the moment the request was due to its answer. */
  ms: number
  /** Of which maintenance's statements were running. */
  behind: number
  /** That, less the main thread's wait for a CPU meanwhile. */
  behindOwn: number
}

/** The statements maintenance ran, with their times, to tell what a slow probe waited behind. */
interface Trace {
  log: { text: string; start: number; end: number }[]
}

function traced(db: Sql, trace: Trace): Sql {
  const note = async <T>(text: string, run: () => Promise<T>) => {
    const start = performance.now()
    try {
      return await run()
    } finally {
      trace.log.push({ text: text.replace(/\s+/g, ' ').slice(0, 60), start, end: performance.now() })
      if (trace.log.length > 2000) trace.log.splice(0, 1000)
    }
  }
  return {
    query: (text, params) => note(text, () => db.query(text, params)),
    exec: (text) => note(text, () => db.exec(text)),
    transaction: (fn, options) => db.transaction(fn, options),
  }
}

/** Every probe's wait: how long a request that arrived at that moment waited for the database. */
const PROBE_EVERY_MS = 5

/** Runs `work` while a stream of tiny requests (`select 1` through the app's side of the database)
 * arrives every PROBE_EVERY_MS: each probe's wait is counted from the moment it was due, so a
 * statement that blocks the thread (PGlite runs inside it) delays the probe's timer and counts. */
async function withProbes<T>(app: Sql, work: () => Promise<T>, waits: ProbeWait[], trace: Trace): Promise<T> {
  let done = false
  const probes = (async () => {
    while (!done) {
      const due = performance.now() + PROBE_EVERY_MS
      const queued = runQueueMs() ?? 0
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
      await app.query('select 1')
      const end = performance.now()
      const queuedMs = (runQueueMs() ?? 0) - queued
      // The part of the wait that maintenance's statements took, and of that what was not a wait for a CPU.
      const during = trace.log.filter((t) => t.start < end && t.end > due)
      const behind = during.reduce((sum, t) => sum + Math.min(t.end, end) - Math.max(t.start, due), 0)
      waits.push({ ms: end - due, behind, behindOwn: Math.max(0, behind - queuedMs) })
    }
  })()
  try {
    return await work()
  } finally {
    done = true
    await probes
  }
}

/** Each inbox query's median time on each folder, interleaved: which of them makes the p95. */
async function inboxMedians(instances: EmbeddedInstance[], runs: number): Promise<number[][]> {
  const table: number[][] = []
  for (const query of INBOX_QUERIES) {
    const times = instances.map((): number[] => [])
    for (let i = 0; i < runs; i++) {
      for (const [k, instance] of instances.entries()) {
        const started = performance.now()
        await instance.backend.messages.list(query)
        times[k]!.push(performance.now() - started)
      }
    }
    table.push(times.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]!))
  }
  return table
}

/** A folder's files on their own: open, CHECKPOINT, close (a server's restart, as after any upgrade). */
async function restartAndCheckpoint(dataDir: string, clock: { now: () => Date }): Promise<void> {
  const instance = await openEmbedded({
    dataDir,
    secureCookies: false,
    logEmails: false,
    now: clock.now,
    mail: MAIL,
    sampleData: false,
  })
  await instance.db.exec('checkpoint')
  await instance.backend.close()
}

export default async function main([workDir, scaleArg]: string[]): Promise<number> {
  if (!workDir) {
    console.error('Usage: node scripts/run-ts.mjs bench/maintenance/maintenance.db.ts <workDir> [scale]')
    return 2
  }
  const scale = Number(scaleArg ?? 1)
  const started = Date.now()
  let at = Date.UTC(2025, 10, 1, 8)
  const clock = { now: () => new Date(at) }
  const year = await open(path.join(workDir, 'year'), clock)
  for (const email of STAFF) await addUser(year.db, email, { admin: true })
  // The app's side of the database, as the server wraps it: its queries go first between steps.
  const app = watchActivity(year.db, () => {})
  const busySteps: MaintenanceStep[] = []
  const idleSteps: MaintenanceStep[] = []
  const deferred = new Map<string, number>()
  const probeWaits: ProbeWait[] = []
  const trace: Trace = { log: [] }
  const totals = { messages: 0, statusChanges: 0, deleted: 0, rateLimitHits: 0, signIns: 0 }
  const perDay = (n: number) => Math.round((n * scale) / DAYS)
  const ids: { id: string; day: number }[] = []
  let maintenanceMs = 0
  // Kept across passes, as the server's maintenance keeps it.
  const state = newMaintenanceState()
  const trashed = new Map<number, string[]>()
  for (let day = 0; day < DAYS; day++) {
    const dayStart = Date.UTC(2025, 10, 1) + day * DAY_MS
    at = dayStart + 8 * 60 * 60 * 1000
    // Messages of the day, spread over its working hours.
    const arriving = perDay(30_000)
    const seeds = Array.from({ length: arriving }, (_, i) =>
      makeContactMessage({ status: 'new', createdAt: new Date(at + (i * 9 * 60 * 60 * 1000) / arriving) }),
    )
    for (const id of await insertContactMessages(year.db, seeds)) ids.push({ id, day })
    totals.messages += arriving
    // Yesterday's are read; those of a week ago archived, or (one in ten of all) put in the trash.
    const read = ids.filter((m) => m.day === day - 1).map((m) => m.id)
    if (read.length) await year.backend.messages.update(read, { status: 'read', readAt: new Date(at).toISOString() })
    const weekOld = ids.filter((m) => m.day === day - 7).map((m) => m.id)
    const deleting = weekOld.filter((_, i) => i % 10 === 0)
    const archiving = weekOld.filter((_, i) => i % 10 !== 0 && i % 2 === 0)
    if (archiving.length) await year.backend.messages.update(archiving, { status: 'archived' })
    if (deleting.length) await year.backend.messages.trash(deleting)
    // The trash is emptied of what was deleted LIMITS.inbox.trashKeepDays ago.
    const purging = trashed.get(day - LIMITS.inbox.trashKeepDays) ?? []
    if (purging.length) totals.deleted += await year.backend.messages.purge(purging)
    trashed.set(day, deleting)
    trashed.delete(day - LIMITS.inbox.trashKeepDays)
    totals.statusChanges += read.length + archiving.length
    // Rate-limit hits as private.rate_limit_hit writes them (an hour's window), and the pruning
    // it does as later hits arrive; in bulk, since the function reads the real clock.
    const hits = perDay(200_000)
    await year.db.query(
      `insert into public.rate_limit_hits (key, hit_at, expires_at)
       select 'contactPerIp:198.51.' || (n % 250) || '.' || (n % 7), t, t + interval '1 hour'
       from generate_series(1, $1::int) n, lateral (select $2::timestamptz + n * ($3::float8 * interval '1 second') as t) x`,
      [hits, new Date(at), (14 * 60 * 60) / Math.max(hits, 1)],
    )
    await year.db.query('delete from public.rate_limit_hits where expires_at < $1', [new Date(dayStart + 22 * 60 * 60 * 1000)])
    totals.rateLimitHits += hits
    // Sign-ins through the backend itself: a code mailed and used, a session, for half a sign-out.
    const signIns = perDay(20_000)
    for (let i = 0; i < signIns; i++) {
      at += 61_000
      const ctx = await signIn(year, STAFF[i % STAFF.length]!)
      if (i % 2 === 0) await year.backend.auth.signOut(ctx)
    }
    totals.signIns += signIns
    // The worker's hourly cleanup of delivered mail.
    await removeFinishedMail(year.db, new Date(at))
    // The server's passes: one while staff work, one at night.
    const maintenanceStarted = Date.now()
    at = dayStart + 18 * 60 * 60 * 1000
    await withProbes(
      app.db,
      () =>
        maintainDatabase(traced(year.db, trace), clock.now(), {
          idle: false,
          state,
          quietFor: app.quietFor,
          onStep: (s) => busySteps.push(s),
          onDeferred: (table, reason) => deferred.set(`${table} (${reason})`, (deferred.get(`${table} (${reason})`) ?? 0) + 1),
        }),
      probeWaits,
      trace,
    )
    at = dayStart + 23 * 60 * 60 * 1000
    await maintainDatabase(year.db, clock.now(), { idle: true, state, onStep: (s) => idleSteps.push(s) })
    maintenanceMs += Date.now() - maintenanceStarted
  }
  const yearSeconds = (Date.now() - started) / 1000

  const fresh = await open(path.join(workDir, 'fresh'), clock)
  for (const email of STAFF) await addUser(fresh.db, email, { admin: true })
  await copyLiveRows(year.db, fresh.db)
  const live = (await year.db.query<{ n: string }>('select count(*) as n from public.contact_messages')).rows[0]!.n
  const runs = Math.max(100, Math.round(400 * scale))
  const [yearP95, freshP95] = await inboxP95([year, fresh], runs)
  const p95 = { year: yearP95!, fresh: freshP95! }
  const medians = await inboxMedians([year, fresh], Math.max(20, Math.round(50 * scale)))
  await year.backend.close()
  await fresh.backend.close()
  const yearDir = path.join(workDir, 'year')
  const freshDir = path.join(workDir, 'fresh')
  // Both folders after a restart and a checkpoint, as a server's upgrade would leave them.
  const bytes = { year: { total: 0, wal: 0 }, fresh: { total: 0, wal: 0 } }
  await restartAndCheckpoint(freshDir, clock)
  bytes.fresh = folderSize(freshDir)
  await restartAndCheckpoint(yearDir, clock)
  bytes.year = folderSize(yearDir)
  const none: MaintenanceStep = {
    ms: 0,
    totalMs: 0,
    cpuMs: 0,
    runQueueMs: 0,
    waitedMs: 0,
    bytes: 0,
    target: '-',
    action: 'sweep',
    rows: 0,
  }
  const worst = (steps: MaintenanceStep[], by: 'ms' | 'cpuMs' = 'ms') => steps.reduce((a, s) => (s[by] > a[by] ? s : a), none)
  const quantile = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b)
    return sorted.length ? sorted[Math.ceil(sorted.length * q) - 1]! : 0
  }
  const over = busySteps.filter((s) => s.ms > 100)
  // Longest, p99 and count over 100 ms of one figure of the probes' waits, under the names the caller reads.
  const spread = (name: string, key: keyof ProbeWait) => {
    const list = probeWaits.map((w) => w[key])
    const over100 = list.filter((n) => n > 100).length
    return {
      [`${name}Max`]: Math.max(0, ...list),
      [`${name}P99`]: quantile(list, 0.99),
      [name === 'probe' ? 'probesOver100ms' : `${name}Over100ms`]: over100,
    }
  }
  const own = (s: MaintenanceStep) => s.ms - s.runQueueMs
  const summary = {
    scale,
    totals,
    liveMessages: Number(live),
    yearSeconds,
    maintenanceSeconds: maintenanceMs / 1000,
    bytes,
    p95,
    medians: INBOX_QUERIES.map((q, i) => ({
      query: `${q.status}${q.search ? ` "${q.search}"` : ''} p${q.page}`,
      year: medians[i]![0]!,
      fresh: medians[i]![1]!,
    })),
    busyPass: {
      steps: busySteps.length,
      worst: worst(busySteps),
      worstCpu: worst(busySteps, 'cpuMs'),
      worstOwn: busySteps.reduce((a, s) => (own(s) > own(a) ? s : a), none),
      ownOver100ms: busySteps.filter((s) => own(s) > 100).length,
      over100ms: over.length,
      overBy: [
        ...countBy(over.map((s) => `${s.action} ${s.target} (${Math.round(s.ms)} ms, cpu ${Math.round(s.cpuMs)} ms)`)),
      ].map(([step, n]) => `${step}${n > 1 ? ` ×${n}` : ''}`),
      waitedMax: Math.max(0, ...busySteps.map((s) => s.waitedMs)),
      deferred: Object.fromEntries(deferred),
      slowTables: [...state.slowTables],
      sweepBatchRows: state.sweepBatchRows,
      probes: probeWaits.length,
      ...spread('probe', 'ms'),
      ...spread('behind', 'behind'),
      ...spread('behindOwn', 'behindOwn'),
    },
    idlePass: { steps: idleSteps.length, worst: worst(idleSteps) },
  }
  console.log(JSON.stringify(summary))
  return 0
}
