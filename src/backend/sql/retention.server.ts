/** The retention job (docs/kvkk.md, decisions 125 and 184): destroys what is past its period and
 * writes one destruction record per category it destroyed something in. */
import { randomUUID } from 'node:crypto'
import { LIMITS } from '~/lib/limits'
import type { DestructionCategory, DestructionRecord, RetentionPolicy, RetentionRun } from '~/domain/privacy'
import { analyzePersonalData } from './analyze-personal-data.server'
import { expireActivity } from './activity.server'
import type { Sql } from './client'
import {
  keepHighestRate,
  MAINTENANCE_PREDICTION_SHARE,
  MAINTENANCE_STEP_BUDGET_MS,
  timed,
  yieldToRequests,
} from './bounded-steps.server'
import { addToTally, type Counts, claim, finish } from './retention-pass.server'
import { rollUpVisits, sqlIstanbulDay } from './visits.server'
import { istanbulDay } from '~/domain/visits'

export { RetentionLeaseLostError } from './retention-pass.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** Categories whose rows held personal data that the planner's statistics may have sampled. */
const PERSONAL_DATA = new Set<DestructionCategory>(['messages', 'trash', 'spam', 'ip_addresses', 'mail', 'rate_limits'])

type Cutoff = 'message' | 'ip' | 'trash' | 'spam' | 'now' | 'records' | 'visits' | 'activity'

/** The (key, id) of the last row a category's previous batch took, in index order (decision 193). */
export interface Cursor {
  key: string
  id: string
}

const START: Cursor = { key: '-infinity', id: '00000000-0000-0000-0000-000000000000' }

interface BatchResult {
  counts: Counts
  /** Rows the batch found due (a row changed meanwhile on PostgreSQL may be found and not taken). */
  found: number
  /** Where the next batch starts; undefined for the steps without one. */
  cursor?: Cursor
  /** The batch added entries to the search indexes' pending lists, to be merged before the next. */
  mergePending?: boolean
}

interface Step {
  category: DestructionCategory
  before?: Cutoff
  /** One batch: at most `limit` rows after `cursor`; what it destroyed, by category. */
  run(tx: Sql, limit: number, params: unknown[], cursor: Cursor): Promise<BatchResult>
}

/** A message step's next `limit` due rows after the cursor, in the (`key`, id) order of an index. */
const dueAfterCursor = (where: string, key: string, limit: number) =>
  `doomed as (select id, ${key} as key from public.contact_messages
               where ${where} and (${key}, id) > ($2::timestamptz, $3::uuid)
               order by ${key}, id limit ${limit}),
   last as (select key::text as key, id::text as id from doomed order by key desc, id desc limit 1)`

/** Messages past a period, counted in the first category that takes them; their mail goes too (a trigger), as 'mail'. */
function messageStep(category: DestructionCategory, before: Cutoff, where: string, key: string): Step {
  return {
    category,
    before,
    async run(tx, limit, params, cursor) {
      const { rows } = await tx.query<{ rows: number; mail: number; found: number; key: string | null; id: string | null }>(
        `with ${dueAfterCursor(where, key, limit)},
              gone as (delete from public.contact_messages where id in (select id from doomed) and ${where} returning id)
         select (select count(*)::int from gone) as rows,
                (select count(*)::int from public.mail_queue where message_id in (select id from gone)) as mail,
                (select count(*)::int from doomed) as found, (select key from last) as key, (select id from last) as id`,
        [...params, cursor.key, cursor.id],
      )
      const row = rows[0]!
      return { counts: { [category]: row.rows, mail: row.mail }, found: row.found, cursor: cursorOf(row) }
    },
  }
}

const cursorOf = (row: { key: string | null; id: string | null }): Cursor | undefined =>
  row.key !== null && row.id !== null ? { key: row.key, id: row.id } : undefined

/** A step whose batch is one statement on the rows of `select` (a query of ids with `$limit`). */
function simpleStep(category: DestructionCategory, before: Cutoff | undefined, sql: string): Step {
  return {
    category,
    before,
    async run(tx, limit, params) {
      const { rowCount } = await tx.query(sql.replace('$limit', String(limit)), params)
      return { counts: { [category]: rowCount }, found: rowCount }
    },
  }
}

/** Merges the search indexes' pending lists after an anonymizing batch, so no later insert pays for many (decision 193). */
async function mergePending(db: Sql, category: DestructionCategory, options: RetentionOptions): Promise<void> {
  const waitedMs = await yieldToRequests(options.quietFor)
  const time = await timed(() => db.query('select private.merge_message_search_pending()'))
  await options.onBatch?.({ category, action: 'merge', rows: 0, limit: 0, waitedMs, ...time })
}

/** Waits for `analyzeQuietMs` of quiet, for a bounded time; returns the time waited. */
async function waitForQuiet(options: RetentionOptions): Promise<number> {
  const started = performance.now()
  const quietMs = options.analyzeQuietMs ?? 0
  const deadline = started + LIMITS.retention.analyzeMaxWaitMinutes * 60_000
  while (options.quietFor && quietMs > 0 && options.quietFor() < quietMs && performance.now() < deadline) {
    // Unref'd: a stopping server exits without this ANALYZE; a later one renews the statistics.
    await new Promise((resolve) => setTimeout(resolve, 1000).unref())
  }
  await yieldToRequests(options.quietFor)
  return performance.now() - started
}

/** A function of a later migration may be missing where migrations were not pushed yet (Supabase). */
async function hasFunction(tx: Sql, signature: string): Promise<boolean> {
  const { rows } = await tx.query<{ present: boolean }>('select pg_catalog.to_regprocedure($1) is not null as present', [
    signature,
  ])
  return rows[0]?.present === true
}

async function hasTable(tx: Sql, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ present: boolean }>('select pg_catalog.to_regclass($1) is not null as present', [name])
  return rows[0]?.present === true
}

const VISIT_CATEGORIES = new Set<DestructionCategory>(['page_views', 'visit_salts'])

const IP_DUE = 'ip_address is not null and created_at < $1'

/** The anonymizing batch's rows ($1 the period's start, $2 and $3 the cursor); exported for a plan test. */
export const dueIpAddresses = (limit: number) => dueAfterCursor(IP_DUE, 'created_at', limit)

const STEPS: Step[] = [
  messageStep('messages', 'message', 'created_at < $1', 'created_at'),
  messageStep('trash', 'trash', 'deleted_at < $1', 'deleted_at'),
  messageStep('spam', 'spam', `status = 'spam' and created_at < $1`, 'created_at'),
  {
    category: 'ip_addresses',
    before: 'ip',
    async run(tx, limit, params, cursor) {
      const { rows } = await tx.query<{ rows: number; found: number; key: string | null; id: string | null }>(
        `with ${dueIpAddresses(limit)},
              done as (update public.contact_messages set ip_address = null
                       where id in (select id from doomed) and ${IP_DUE} returning 1)
         select (select count(*)::int from done) as rows, (select count(*)::int from doomed) as found,
                (select key from last) as key, (select id from last) as id`,
        [...params, cursor.key, cursor.id],
      )
      const row = rows[0]!
      return { counts: { ip_addresses: row.rows }, found: row.found, cursor: cursorOf(row), mergePending: row.rows > 0 }
    },
  },
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
  // Raw page views past their period, once their day is in the daily aggregates.
  simpleStep(
    'page_views',
    'visits',
    `delete from public.page_views where id in (
       select v.id from public.page_views v
       where v.at < $1 and exists (select from public.visit_rolled_days d where d.day = v.day)
       limit $limit)`,
  ),
  // The salts of days that are over: the instances delete them too, when they need a new day's.
  simpleStep(
    'visit_salts',
    'now',
    `delete from private.visit_salts where day in (
       select day from private.visit_salts where day < ${sqlIstanbulDay('$1::timestamptz')} limit $limit)`,
  ),
  // The server's role cannot delete the log's rows: a SECURITY DEFINER function does, oldest first.
  {
    category: 'activity_log',
    before: 'activity',
    async run(tx, limit, params) {
      const n = await expireActivity(tx, params[0] as Date, limit)
      return { counts: { activity_log: n }, found: n }
    },
  },
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
  /** 'merge': the search indexes' pending lists merged after a batch of the category (no rows). */
  action: 'destroy' | 'merge'
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

/** The highest own milliseconds per row measured per category, kept by the caller between passes. */
export type RetentionRates = Map<DestructionCategory, number>

export interface RetentionOptions {
  /** The only process on the database (embedded): a lease left by a killed predecessor is taken at once. */
  exclusive?: boolean
  rates?: RetentionRates
  /** Milliseconds since the app's last query, 0 while one is in flight (embedded: watchActivity). */
  quietFor?: () => number
  /** The statistics are renewed once the app has been quiet this long; 0 or unset: at once. */
  analyzeQuietMs?: number
  /** After the statistics were renewed at the end of a pass that destroyed personal data (decision 194). */
  onAnalyze?: (step: { ms: number; cpuMs: number; runQueueMs: number; waitedMs: number }) => void | Promise<void>
  /** Once every batch has committed, before the statistics are renewed (which may wait for quiet). */
  onDestroyed?: (records: Omit<DestructionRecord, 'id'>[]) => void | Promise<void>
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
    visits: day(policy.visitRawDays ?? LIMITS.visits.rawDefaultDays),
    activity: day(policy.activityDays ?? LIMITS.activity.retentionDefaultDays),
  }
}

/** Rows the next batch may take: what fits in half the budget at the highest rate, at most twice
 * `largest`, the largest batch so far (decision 193). */
export function batchLimit(rates: RetentionRates, category: DestructionCategory, largest = 0): number {
  const rate = rates.get(category)
  const { minBatchRows, batchRows } = LIMITS.retention
  if (rate === undefined) return minBatchRows
  const fits = Math.floor((MAINTENANCE_STEP_BUDGET_MS * MAINTENANCE_PREDICTION_SHARE) / Math.max(rate, 1e-3))
  return Math.min(batchRows, Math.max(minBatchRows, 2 * largest), Math.max(minBatchRows, fits))
}

/** Learns from a batch of a telling size (the fixed cost of a transaction would swamp a few rows). */
function learn(rates: RetentionRates, category: DestructionCategory, rows: number, ownMs: number): void {
  if (rows >= LIMITS.retention.minBatchRows) keepHighestRate(rates, [category], ownMs / rows)
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
  const canMerge = await hasFunction(db, 'private.merge_message_search_pending()')
  // Supabase: the visit tables exist once their migration was pushed.
  const hasVisits = await hasTable(db, 'public.page_views')
  // Complete days first, so that no raw view leaves before its day is in the aggregates.
  if (hasVisits) await rollUpVisits(db, istanbulDay(now))
  for (const step of STEPS) {
    if (!hasVisits && VISIT_CATEGORIES.has(step.category)) continue
    const params = step.before ? [cutoffs[step.before]] : []
    let cursor = START
    let largest = 0
    for (;;) {
      const waitedMs = await yieldToRequests(options.quietFor)
      const limit = batchLimit(rates, step.category, largest)
      let result: BatchResult = { counts: {}, found: 0 }
      let work = { ms: 0, runQueueMs: 0 }
      const time = await timed(async () => {
        await db.transaction(async (tx) => {
          work = await timed(async () => {
            result = await step.run(tx, limit, params, cursor)
          })
          await addToTally(tx, holder, result.counts, leaseSeconds)
        })
      })
      const rows = result.counts[step.category] ?? 0
      // The statement alone: begin, tally and commit cost the same for 10 rows as for 1000.
      learn(rates, step.category, rows, work.ms - work.runQueueMs)
      largest = Math.max(largest, rows)
      await options.onBatch?.({ category: step.category, action: 'destroy', rows, limit, waitedMs, ...time })
      if (result.mergePending && canMerge) await mergePending(db, step.category, options)
      // Until a batch finds nothing: one whose rows changed meanwhile (PostgreSQL) may take fewer than it found.
      if (result.found === 0) break
      cursor = result.cursor ?? cursor
    }
  }
  const records = [...left, ...(await finish(db, holder, now))]
  await options.onDestroyed?.(records)
  if (records.some((record) => PERSONAL_DATA.has(record.category))) {
    // Its own step after the pass, waiting for quiet as it holds PGlite's thread (decision 194).
    const waitedMs = await waitForQuiet(options)
    const time = await timed(() => analyzePersonalData(db))
    await options.onAnalyze?.({ ...time, waitedMs })
  }
  return { ran: true, records }
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
