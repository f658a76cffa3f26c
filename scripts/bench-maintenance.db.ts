/**
 * A year of a busy firm on one embedded data folder (docs/decisions/078-embedded-maintenance.md),
 * run through scripts/run-ts.mjs by scripts/bench-maintenance.mjs:
 *   node scripts/run-ts.mjs scripts/bench-maintenance.db.ts <workDir> [scale]
 * Day by day on a moving clock: messages arrive, are read, some archived, a tenth trashed and purged 30 days later; rate-limit
 * hits come and expire; staff sign in with codes whose mail is delivered and later removed; sessions
 * end. The server's maintenance runs as it would: a pass after each day's work (the database busy:
 * small tables only) and one at night (idle: everything, then a checkpoint). At the end a fresh
 * folder gets the same live rows, and both are compared: size on disk and the inbox's p95.
 * Prints one JSON line (the last line of its output) for the caller.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { RequestContext } from '~/backend/backend'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/index.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import type { Sql } from '~/backend/sql/client'
import { removeFinishedMail } from '~/backend/mail/queue.server'
import { type MaintenanceStep, maintainDatabase } from '~/backend/sql/maintenance.server'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { LIMITS } from '~/lib/limits'

const DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000
/** Tables that carry the year's live rows into the fresh folder (the rest are seeded the same by both). */
const CARRIED = [
  'public.contact_messages',
  'public.rate_limit_hits',
  'public.mail_queue',
  'builtin_auth.otp_codes',
  'builtin_auth.sessions',
]
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

/**
 * The inbox's p95 on both folders, their queries interleaved so that the machine's changing load
 * falls on both alike.
 */
async function inboxP95(instances: EmbeddedInstance[], runs: number): Promise<number[]> {
  const queries = [
    { status: 'all', search: '', page: 1, pageSize: 50 },
    { status: 'new', search: '', page: 1, pageSize: 50 },
    { status: 'archived', search: '', page: 3, pageSize: 50 },
    { status: 'all', search: 'öztürk', page: 1, pageSize: 50 },
  ] as const
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

async function columnsOf(db: Sql, table: string): Promise<string[]> {
  const [schema, name] = table.split('.')
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
    [schema, name],
  )
  return rows.map((r) => `"${r.column_name}"`)
}

/** The same live rows in a fresh folder, as a restore would write them, then vacuumed like any new folder. */
async function copyLiveRows(from: Sql, to: Sql): Promise<void> {
  await to.exec('delete from public.contact_messages; delete from public.mail_queue; delete from builtin_auth.sessions')
  for (const table of CARRIED) {
    const columns = (await columnsOf(from, table)).join(', ')
    const { rows } = await from.query<{ rows: unknown[] | null }>(
      `select json_agg(t) as rows from (select ${columns} from ${table}) t`,
    )
    if (!rows[0]!.rows) continue
    await to.query(
      `insert into ${table} (${columns}) overriding system value
       select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(rows[0]!.rows)],
    )
  }
  await to.exec('vacuum analyze')
  await to.exec('checkpoint')
}

export default async function main([workDir, scaleArg]: string[]): Promise<number> {
  if (!workDir) {
    console.error('Usage: node scripts/run-ts.mjs scripts/bench-maintenance.db.ts <workDir> [scale]')
    return 2
  }
  const scale = Number(scaleArg ?? 1)
  const started = Date.now()
  let at = Date.UTC(2025, 10, 1, 8)
  const clock = { now: () => new Date(at) }
  const year = await open(path.join(workDir, 'year'), clock)
  for (const email of STAFF) await addUser(year.db, email, { admin: true })
  const busySteps: MaintenanceStep[] = []
  const idleSteps: MaintenanceStep[] = []
  const totals = { messages: 0, statusChanges: 0, deleted: 0, rateLimitHits: 0, signIns: 0 }
  const perDay = (n: number) => Math.round((n * scale) / DAYS)
  const ids: { id: string; day: number }[] = []
  let maintenanceMs = 0
  // Kept across passes, as the server's maintenance keeps it.
  const slowTables = new Set<string>()
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
    await maintainDatabase(year.db, clock.now(), { idle: false, slowTables, onStep: (s) => busySteps.push(s) })
    at = dayStart + 23 * 60 * 60 * 1000
    await maintainDatabase(year.db, clock.now(), { idle: true, slowTables, onStep: (s) => idleSteps.push(s) })
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
  await year.backend.close()
  await fresh.backend.close()
  const bytes = { year: folderBytes(path.join(workDir, 'year', 'db')), fresh: folderBytes(path.join(workDir, 'fresh', 'db')) }
  const none: MaintenanceStep = { ms: 0, target: '-', action: 'sweep', rows: 0 }
  const worst = (steps: MaintenanceStep[]) => steps.reduce((a, s) => (s.ms > a.ms ? s : a), none)
  const summary = {
    scale,
    totals,
    liveMessages: Number(live),
    yearSeconds,
    maintenanceSeconds: maintenanceMs / 1000,
    bytes,
    p95,
    busyPass: {
      steps: busySteps.length,
      worst: worst(busySteps),
      over100ms: busySteps.filter((s) => s.ms > 100).length,
      overBy: [...countBy(busySteps.filter((s) => s.ms > 100).map((s) => `${s.action} ${s.target}`))].map(
        ([step, n]) => `${step} ×${n}`,
      ),
    },
    idlePass: { steps: idleSteps.length, worst: worst(idleSteps) },
  }
  console.log(JSON.stringify(summary))
  return 0
}
