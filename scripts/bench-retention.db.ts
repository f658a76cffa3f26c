/**
 * Retention's first pass over a backlog (decision 184), on a new embedded data folder, run
 * through scripts/run-ts.mjs by scripts/bench-retention.mjs:
 *   node scripts/run-ts.mjs scripts/bench-retention.db.ts <workDir> [dueRows]
 * Seeds `dueRows` rows due (messages past the 730 days, IP addresses past the 90, trash and spam
 * past their 30) among an inbox of live messages, then runs one pass as the server does (the
 * app's queries first between batches) while a staff member's inbox query is due every 5 ms, each
 * timed from when it was due. Prints one JSON line (the last of its output) for the caller.
 */
import { openEmbedded } from '~/backend/embedded/index.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { watchActivity } from '~/backend/sql/maintenance.server'
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
  const waits: number[] = []
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
      waits.push(performance.now() - asked)
      due = Math.max(asked + PROBE_EVERY_MS, performance.now())
    }
  })()

  const batches: RetentionBatch[] = []
  const started = performance.now()
  const run = await runRetention(db, policy, now, { exclusive: true, quietFor, onBatch: (batch) => void batches.push(batch) })
  const passSeconds = (performance.now() - started) / 1000
  probing = false
  await probes
  const sorted = [...waits].sort((a, b) => a - b)
  const longest = batches.reduce((worst, b) => (b.ms > worst.ms ? b : worst), batches[0]!)
  const own = batches.map((b) => b.ms - b.runQueueMs)
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
      overBudget: batches.filter((b) => b.ms > 100).length,
      ownOverBudget: own.filter((ms) => ms > 100).length,
      probes: waits.length,
      probeMaxMs: sorted.at(-1) ?? 0,
      probeP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    }),
  )
  return run.ran ? 0 : 1
}
