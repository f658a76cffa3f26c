/** Retention's first pass over a backlog (decision 184), on a new embedded data folder, run through
 * scripts/run-ts.mjs by bench/retention/retention.mjs: node scripts/run-ts.mjs
 * bench/retention/retention.db.ts <workDir> [dueRows] Seeds `dueRows` rows due (messages past the
 * 730 days, IP addresses past the 90, trash and spam past their 30) among an inbox of live
 * messages, then runs one pass as the server does (the app's queries first between batches) while a
 * staff member's inbox query is due every 5 ms, each timed from when it was due. */
import { writeFileSync } from 'node:fs'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { watchActivity } from '~/backend/sql/bounded-steps.server'
import { type RetentionBatch, runRetention } from '~/backend/sql/retention.server'
import type { RetentionPolicy } from '~/domain/privacy'
import { LIMITS } from '~/lib/limits'

const DAY_MS = 24 * 60 * 60 * 1000
const PROBE_EVERY_MS = 5
const LIVE = 20_000

export default async function main([workDir = '.data-bench-retention', dueArg = '38000']: string[]): Promise<number> {
  const due = Number(dueArg)
  const now = new Date()
  const policy: RetentionPolicy = {
    messageDays: LIMITS.retention.messageDefaultDays,
    ipDays: LIMITS.retention.ipDefaultDays,
    trashDays: LIMITS.inbox.trashKeepDays,
    spamDays: LIMITS.inbox.spamKeepDays,
    recordYears: LIMITS.retention.recordKeepYears,
  }
  // Of the rows due: half messages past their period, two fifths IP addresses, 7% trash, the rest spam.
  const old = Math.round(due * 0.5)
  const oldIp = Math.round(due * 0.4)
  const trash = Math.round(due * 0.07)
  const at = (days: number) => ({ now: new Date(now.getTime() - days * DAY_MS), spanDays: 1 })
  const instance = await openEmbedded({ dataDir: workDir, secureCookies: false, logEmails: false, sampleData: false })
  const seedStarted = performance.now()
  await bulkInsertMessages(instance.db, due + LIVE, (i) => {
    if (i < old) return { ...fakeContactMessage(i, at(731 + (i % 365))), ipAddress: '198.51.100.7' }
    if (i < old + oldIp) return { ...fakeContactMessage(i, at(91 + (i % 600))), ipAddress: '203.0.113.9' }
    if (i < old + oldIp + trash) return { ...fakeContactMessage(i, at(60)), deletedAt: new Date(now.getTime() - 45 * DAY_MS) }
    if (i < due) return { ...fakeContactMessage(i, at(40)), status: 'spam' }
    return { ...fakeContactMessage(i, { now, spanDays: 85 }), ipAddress: '192.0.2.1' }
  })
  await instance.db.exec('analyze public.contact_messages')
  const seedSeconds = (performance.now() - seedStarted) / 1000

  // The server's own arrangement: every query of the app through the watcher, which the pass waits for.
  const { db, quietFor } = watchActivity(instance.db, () => {})
  const waits: { asked: number; answered: number }[] = []
  let probing = true
  const probes = (async () => {
    let due = performance.now()
    while (probing) {
      const delay = due - performance.now()
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      const asked = due
      await db.query(
        `select id, name, email, status, created_at from public.contact_messages
         where deleted_at is null and status <> 'spam' order by created_at desc, id desc limit 50`,
      )
      waits.push({ asked, answered: performance.now() })
      due = Math.max(asked + PROBE_EVERY_MS, performance.now())
    }
  })()

  const batches: RetentionBatch[] = []
  let analyze = { ms: 0, cpuMs: 0, runQueueMs: 0 }
  // When the ANALYZE held the database: the probes that waited on it are counted apart (the
  // embedded server runs it only after a minute without requests).
  let analyzeWindow = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY }
  const trace = process.env.BENCH_RETENTION_TRACE === '1' ? await startTrace(instance.db) : undefined
  const started = performance.now()
  const run = await runRetention(db, policy, now, {
    exclusive: true,
    quietFor,
    onAnalyze: (step) => {
      analyze = step
      analyzeWindow = { from: performance.now() - step.ms, to: performance.now() }
    },
    onBatch: async (batch) => {
      batches.push(batch)
      await trace?.after(batch)
    },
  })
  const passSeconds = (performance.now() - started) / 1000
  probing = false
  await probes
  const duringAnalyze = (w: { asked: number; answered: number }) => w.answered > analyzeWindow.from && w.asked < analyzeWindow.to
  const sorted = waits
    .filter((w) => !duringAnalyze(w))
    .map((w) => w.answered - w.asked)
    .sort((a, b) => a - b)
  const analyzeWaits = waits.filter(duringAnalyze).map((w) => w.answered - w.asked)
  const longest = batches.reduce((worst, b) => (b.ms > worst.ms ? b : worst), batches[0]!)
  const own = batches.map((b) => b.ms - b.runQueueMs)
  if (trace) {
    trace.report()
    // How a batch finds its rows at the end of the pass (the rows it anonymized or deleted are still in the table).
    const cutoff = new Date(now.getTime() - policy.ipDays * DAY_MS)
    const after = `(created_at, id) > ('-infinity', '00000000-0000-0000-0000-000000000000')`
    for (const q of [
      `select id from public.contact_messages where ip_address is not null and created_at < $1 and ${after} order by created_at, id limit 10`,
      `select id from public.contact_messages where created_at < $1 and ${after} order by created_at, id limit 10`,
      `select id from public.contact_messages where status = 'spam' and created_at < $1 and ${after} order by created_at, id limit 10`,
      `select id from public.contact_messages where deleted_at < $1 and (deleted_at, id) > ('-infinity', '00000000-0000-0000-0000-000000000000') order by deleted_at, id limit 10`,
    ]) {
      const { rows } = await instance.db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q}`, [cutoff])
      console.error(`[trace] ${q}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`)
    }
  }
  await instance.backend.close()
  console.log(
    JSON.stringify({
      due,
      live: LIVE,
      seedSeconds,
      passSeconds,
      records: run.records,
      batches: batches.length,
      rows: batches.reduce((sum, b) => sum + b.rows, 0),
      maxRowsInABatch: Math.max(...batches.map((b) => b.rows)),
      longest: {
        category: longest.category,
        ms: longest.ms,
        cpuMs: longest.cpuMs,
        runQueueMs: longest.runQueueMs,
        rows: longest.rows,
      },
      longestOwnMs: Math.max(...own),
      analyze: {
        ms: analyze.ms,
        cpuMs: analyze.cpuMs,
        runQueueMs: analyze.runQueueMs,
        probeMaxMs: Math.max(0, ...analyzeWaits),
      },
      overBudget: batches.filter((b) => b.ms > 100).length,
      ownOverBudget: own.filter((ms) => ms > 100).length,
      probes: sorted.length,
      probeMaxMs: sorted.at(-1) ?? 0,
      probeP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    }),
  )
  return run.ran ? 0 : 1
}

/** BENCH_RETENTION_TRACE=1: what happened inside each batch, read between batches through the
 * unwatched connection (so it never counts as the app's activity): whether a checkpoint ran in it
 * (the control file's checkpoint location moved), the write-ahead log it wrote, and the garbage
 * collections of this process that overlapped it. */
async function startTrace(sql: { query: <T>(q: string) => Promise<{ rows: T[] }> }) {
  const { PerformanceObserver } = await import('node:perf_hooks')
  const gcs: { start: number; end: number }[] = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration })
  })
  observer.observe({ entryTypes: ['gc'] })
  const state = async () =>
    (
      await sql.query<{ checkpoint: string; wal: string }>(
        `select (select checkpoint_lsn::text from pg_control_checkpoint()) as checkpoint,
                pg_current_wal_lsn()::text as wal`,
      )
    ).rows[0]!
  const toBytes = (lsn: string) => {
    const [hi, lo] = lsn.split('/')
    return Number.parseInt(hi!, 16) * 2 ** 32 + Number.parseInt(lo!, 16)
  }
  let last = await state()
  const rows: {
    i: number
    category: string
    rows: number
    ms: number
    cpuMs: number
    own: number
    checkpoint: boolean
    walKb: number
    gcMs: number
  }[] = []
  return {
    async after(batch: RetentionBatch) {
      const end = performance.now()
      const start = end - batch.ms
      const now = await state()
      const gcMs = gcs
        .filter((g) => g.end > start && g.start < end)
        .reduce((sum, g) => sum + Math.min(g.end, end) - Math.max(g.start, start), 0)
      rows.push({
        i: rows.length,
        category: batch.action === 'merge' ? `${batch.category} (merge)` : batch.category,
        rows: batch.rows,
        ms: batch.ms,
        cpuMs: batch.cpuMs,
        own: batch.ms - batch.runQueueMs,
        checkpoint: now.checkpoint !== last.checkpoint,
        walKb: (toBytes(now.wal) - toBytes(last.wal)) / 1024,
        gcMs,
      })
      last = now
    },
    report() {
      observer.disconnect()
      if (process.env.BENCH_RETENTION_TRACE_FILE) writeFileSync(process.env.BENCH_RETENTION_TRACE_FILE, JSON.stringify(rows))
      const fmt = (r: (typeof rows)[number]) =>
        `#${r.i} ${r.category} ${r.rows} rows: ${r.ms.toFixed(1)} ms (own ${r.own.toFixed(1)}, cpu ${r.cpuMs.toFixed(1)}), wal ${r.walKb.toFixed(0)} kB, gc ${r.gcMs.toFixed(1)} ms${r.checkpoint ? ', CHECKPOINT' : ''}`
      const byCategory = new Map<string, number[]>()
      for (const r of rows) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r.own])
      for (const [category, list] of byCategory) {
        const sorted = [...list].sort((a, b) => a - b)
        console.error(
          `[trace] ${category}: ${list.length} batches, own ms p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}`,
        )
      }
      console.error(`[trace] batches with a checkpoint: ${rows.filter((r) => r.checkpoint).length}`)
      for (const r of rows.filter((r) => r.checkpoint)) console.error(`[trace] checkpoint in ${fmt(r)}`)
      for (const r of [...rows].sort((a, b) => b.own - a.own).slice(0, 12)) console.error(`[trace] slow ${fmt(r)}`)
    },
  }
}
