/**
 * The retention job (docs/kvkk.md, decisions 125 and 184): destroys what is past its period and
 * writes one destruction record per category it destroyed something in.
 *
 * In bounded batches: each statement takes at most a batch of rows, in a transaction of its own,
 * and the app's queries go first between them (PGlite runs every statement in the server's own
 * thread, so one statement over a year's backlog held every request for about a minute). A pass
 * holds a lease (public.retention_pass) that each batch renews, and each batch adds what it
 * destroyed to the pass's tally in the same transaction: killed between two batches, a pass leaves
 * nothing half-done (a batch commits whole or not at all) and an exact count, which the next pass
 * writes as that pass's records before it starts. One pass at a time across instances: another
 * instance's live lease makes a pass skip (`ran: false`).
 */
import { randomUUID } from 'node:crypto'
import { LIMITS } from '~/lib/limits'
import type { DestructionCategory, DestructionRecord, RetentionPolicy, RetentionRun } from '~/domain/privacy'
import type { Sql } from './client'
import { MAINTENANCE_PREDICTION_SHARE, MAINTENANCE_STEP_BUDGET_MS, timed, yieldToRequests } from './maintenance.server'
import { addToTally, type Counts, claim, finish } from './retention-pass.server'

export { RetentionLeaseLostError } from './retention-pass.server'

const DAY_MS = 24 * 60 * 60 * 1000

type Cutoff = 'message' | 'ip' | 'trash' | 'spam' | 'now' | 'records'

interface Step {
  category: DestructionCategory
  before?: Cutoff
  /** One batch: at most `limit` rows; what it destroyed, by category. */
  run(tx: Sql, limit: number, params: unknown[]): Promise<Counts>
}

/**
 * Messages past a period, by category, in order: a row is counted in the first that takes it.
 * Their notification mail goes with them (a trigger of 20261125000300_mail.sql), counted under
 * 'mail' from the rows the statement deleted. The delete checks the period again on the row it
 * deletes: a message restored from the trash meanwhile (PostgreSQL) is not taken.
 */
function messageStep(category: DestructionCategory, before: Cutoff, where: string): Step {
  return {
    category,
    before,
    async run(tx, limit, params) {
      const { rows } = await tx.query<{ rows: number; mail: number }>(
        `with doomed as (select id from public.contact_messages where ${where} limit ${limit}),
              gone as (delete from public.contact_messages where id in (select id from doomed) and ${where} returning id)
         select (select count(*)::int from gone) as rows,
                (select count(*)::int from public.mail_queue where message_id in (select id from gone)) as mail`,
        params,
      )
      return { [category]: rows[0]!.rows, mail: rows[0]!.mail }
    },
  }
}

/** A step whose batch is one statement on the rows of `select` (a query of ids with `$limit`). */
function simpleStep(category: DestructionCategory, before: Cutoff | undefined, sql: string): Step {
  return {
    category,
    before,
    async run(tx, limit, params) {
      const { rowCount } = await tx.query(sql.replace('$limit', String(limit)), params)
      return { [category]: rowCount }
    },
  }
}

const STEPS: Step[] = [
  messageStep('messages', 'message', 'created_at < $1'),
  messageStep('trash', 'trash', 'deleted_at < $1'),
  messageStep('spam', 'spam', `status = 'spam' and created_at < $1`),
  simpleStep(
    'ip_addresses',
    'ip',
    `update public.contact_messages set ip_address = null
     where id in (select id from public.contact_messages where ip_address is not null and created_at < $1 limit $limit)
       and ip_address is not null and created_at < $1`,
  ),
  // Digests list message ids: one whose messages are all gone has nothing left to say.
  simpleStep(
    'mail',
    undefined,
    `delete from public.mail_queue where id in (
       select q.id from public.mail_queue q
       where (q.message_id is not null
              and not exists (select from public.contact_messages m where m.id = q.message_id))
          or (q.kind = 'digest' and jsonb_array_length(coalesce(q.data -> 'ids', '[]'::jsonb)) > 0
              and not exists (select from public.contact_messages m
                              where m.id::text in (select jsonb_array_elements_text(q.data -> 'ids'))))
       limit $limit)`,
  ),
  simpleStep(
    'rate_limits',
    'now',
    `delete from public.rate_limit_hits
     where id in (select id from public.rate_limit_hits where expires_at < $1 limit $limit) and expires_at < $1`,
  ),
  simpleStep(
    'destruction_records',
    'records',
    `delete from public.destruction_records
     where id in (select id from public.destruction_records where created_at < $1 limit $limit)`,
  ),
]

/** One batch, as it ran: for the log, the tests and the bench. */
export interface RetentionBatch {
  category: DestructionCategory
  /** Rows the batch's own category destroyed (its messages' mail not included). */
  rows: number
  limit: number
  /** The batch's transaction from begin to commit: what it held the database for. */
  ms: number
  cpuMs: number
  /** The thread's wait for a CPU meanwhile: the machine's load, not the batch's work. */
  runQueueMs: number
  /** Time spent letting the app's queries go first before it. */
  waitedMs: number
}

/**
 * The highest cost per row (own milliseconds, the machine's share left out) measured per category:
 * kept by the caller from pass to pass (a process's lifetime), as maintenance keeps its rates.
 */
export type RetentionRates = Map<DestructionCategory, number>

export interface RetentionOptions {
  /** The only process on the database (embedded): a lease left by a killed predecessor is taken at once. */
  exclusive?: boolean
  rates?: RetentionRates
  /** Milliseconds since the app's last query, 0 while one is in flight (embedded: watchActivity). */
  quietFor?: () => number
  /** After each batch has committed, awaited; throwing stops the pass there, as a kill would. */
  onBatch?: (batch: RetentionBatch) => void | Promise<void>
  leaseSeconds?: number
}

function cutoffsOf(policy: RetentionPolicy, now: Date): Record<Cutoff, Date> {
  const day = (n: number) => new Date(now.getTime() - n * DAY_MS)
  const records = new Date(now)
  records.setUTCFullYear(records.getUTCFullYear() - policy.recordYears)
  return {
    message: day(policy.messageDays),
    ip: day(policy.ipDays),
    trash: day(policy.trashDays),
    spam: day(policy.spamDays),
    now,
    records,
  }
}

/** Rows the next batch of `category` may take: as many as fit in half the budget at its highest rate. */
export function batchLimit(rates: RetentionRates, category: DestructionCategory): number {
  const rate = rates.get(category)
  const { minBatchRows, batchRows } = LIMITS.retention
  if (rate === undefined) return minBatchRows
  const fits = Math.floor((MAINTENANCE_STEP_BUDGET_MS * MAINTENANCE_PREDICTION_SHARE) / Math.max(rate, 1e-3))
  return Math.min(batchRows, Math.max(minBatchRows, fits))
}

/** Learns from a batch of a telling size (the fixed cost of a transaction would swamp a few rows). */
function learn(rates: RetentionRates, category: DestructionCategory, rows: number, ownMs: number): void {
  if (rows < LIMITS.retention.minBatchRows) return
  rates.set(category, Math.max(rates.get(category) ?? 0, ownMs / rows))
}

export async function runRetention(
  db: Sql,
  policy: RetentionPolicy,
  now: Date,
  options: RetentionOptions = {},
): Promise<RetentionRun> {
  const holder = randomUUID()
  const leaseSeconds = options.leaseSeconds ?? LIMITS.retention.leaseSeconds
  const rates = options.rates ?? new Map()
  const left = await claim(db, holder, now, { exclusive: options.exclusive, leaseSeconds })
  if (!left) return { ran: false, records: [] }
  const cutoffs = cutoffsOf(policy, now)
  for (const step of STEPS) {
    const params = step.before ? [cutoffs[step.before]] : []
    for (;;) {
      const waitedMs = await yieldToRequests(options.quietFor)
      const limit = batchLimit(rates, step.category)
      let counts: Counts = {}
      let work = { ms: 0, runQueueMs: 0 }
      const time = await timed(async () => {
        await db.transaction(async (tx) => {
          work = await timed(async () => {
            counts = await step.run(tx, limit, params)
          })
          await addToTally(tx, holder, counts, leaseSeconds)
        })
      })
      const rows = counts[step.category] ?? 0
      // The rate from the statement alone: begin, tally and commit cost the same for 10 rows as for 1000.
      learn(rates, step.category, rows, work.ms - work.runQueueMs)
      await options.onBatch?.({ category: step.category, rows, limit, waitedMs, ...time })
      // Until a batch finds nothing: one whose rows changed meanwhile (PostgreSQL) may take fewer than it found.
      if (rows === 0) break
    }
  }
  return { ran: true, records: [...left, ...(await finish(db, holder, now))] }
}

/** The newest destruction records first, for the staff page. */
export async function listDestructionRecords(db: Sql, limit: number): Promise<DestructionRecord[]> {
  const { rows } = await db.query<{
    id: string
    created_at: Date
    category: DestructionCategory
    method: DestructionRecord['method']
    count: number
  }>(
    `select id::text as id, created_at, category, method, count from public.destruction_records
     order by created_at desc, id desc limit $1`,
    [Math.max(0, Math.floor(limit))],
  )
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at.toISOString(),
    category: row.category,
    method: row.method,
    count: row.count,
  }))
}
