/** Upkeep of the embedded database, which has no autovacuum (decision 078): deletes expired
 * sessions and sign-in codes, then VACUUMs and ANALYZEs each table past a small threshold. */
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import {
  keepHighestRate,
  MAINTENANCE_PREDICTION_SHARE,
  MAINTENANCE_STEP_BUDGET_MS,
  timed,
  yieldToRequests,
} from './bounded-steps.server'
import type { Sql, SqlDatabase } from './client'
import { neededActions, tableStats } from './table-stats.server'

export interface MaintenanceStep {
  /** `schema.table`, or the sweep's name. */
  target: string
  /** `stats`: reading which tables need work (and sizing those that do); its `rows` are those tables. */
  action: 'sweep' | 'stats' | 'vacuum' | 'analyze' | 'checkpoint'
  /** The step's longest statement: how long it held the connection and, PGlite being in-thread, every request. */
  ms: number
  /** All of the step's statements (a sweep runs several, the app's queries between them). */
  totalMs: number
  /** The process's CPU time during the step: its work, which a loaded machine does not stretch. */
  cpuMs: number
  /** The main thread's wait for a CPU during the step (Linux; 0 elsewhere): the machine's load, not the step's work. */
  runQueueMs: number
  /** Time spent letting the app's queries go first before the step's statements. */
  waitedMs: number
  /** Rows deleted (sweep) or dead rows found before the vacuum. */
  rows: number
  /** The table's size with its indexes when the step began (0 for sweeps and the checkpoint). */
  bytes: number
}

export interface MaintenanceOptions {
  db: SqlDatabase
  now: () => Date
  /** Every step, for the log (a step over budgetMs is worth a warning). */
  onStep?: (step: MaintenanceStep) => void
  /** Scheduling; omit for a maintenance that runs only when asked (tests, tools). */
  schedule?: { intervalMs: number; quietMs: number; bulkRows: number }
  /** Milliseconds since the app's last query, 0 while one is in flight (watchActivity). */
  quietFor?: () => number
  idleMs?: number
}

export interface Maintenance {
  /** One pass now (after the one under way, if any); resolves with its steps. */
  run(): Promise<MaintenanceStep[]>
  /** Counts changed rows; a burst of schedule.bulkRows brings the next pass forward. */
  noteWrites(rows: number): void
  close(): Promise<void>
}

/** VACUUM's and ANALYZE's expected cost per MB until this process has measured its own (decision 180). */
export const MAINTENANCE_DEFAULT_MS_PER_MB = 10
/** The smallest batch a sweep shrinks to when its statements overrun. */
export const SWEEP_MIN_BATCH_ROWS = 25

/** What one process's maintenance learns, kept from pass to pass. */
export interface MaintenanceState {
  /** Tables a step of which once overran MAINTENANCE_STEP_BUDGET_MS: idle passes only from then on. */
  slowTables: Set<string>
  /** Highest milliseconds per MB measured, per action and table (`vacuum public.x`) and per action (`vacuum`). */
  msPerMb: Map<string, number>
  /** Rows per sweep statement: LIMITS.database.sweepBatchRows, halved each time a statement overruns. */
  sweepBatchRows: number
}

export function newMaintenanceState(): MaintenanceState {
  return { slowTables: new Set(), msPerMb: new Map(), sweepBatchRows: LIMITS.database.sweepBatchRows }
}

export interface PassOptions {
  /** Nobody is using the database: large tables may be maintained, and a checkpoint taken. */
  idle: boolean
  onStep?: (step: MaintenanceStep) => void
  /** Called for each table left for an idle pass. */
  onDeferred?: (table: string, reason: 'large' | 'slow' | 'predicted') => void
  /** LIMITS.database.maintenanceLargeTableBytes unless a test says otherwise. */
  largeTableBytes?: number
  /** What earlier passes learned (a new one when omitted: nothing known). */
  state?: MaintenanceState
  /** See MaintenanceOptions.quietFor: each step first lets the app's queries under way finish. */
  quietFor?: () => number
}

/** The server's log: a step over budget is a warning, a vacuum a line; quiet passes say nothing. */
export function logMaintenanceStep(step: MaintenanceStep): void {
  const line = `[maintenance] ${step.action} ${step.target}: ${step.rows} rows, ${Math.round(step.ms)} ms (cpu ${Math.round(step.cpuMs)} ms, waiting for a cpu ${Math.round(step.runQueueMs)} ms)`
  if (step.ms > MAINTENANCE_STEP_BUDGET_MS) log().warn(`${line} (over the ${MAINTENANCE_STEP_BUDGET_MS} ms a step should take)`)
  else if ((step.action === 'sweep' || step.action === 'vacuum') && step.rows > 0) log().info(line)
}

/** Deletes rows matched by `where` in batches picked by `key`, the app's queries going first between
 * them; a statement over half the budget halves the batch for the rest of the process. */
async function sweep(
  db: Sql,
  table: string,
  key: string,
  where: string,
  params: unknown[],
  state: MaintenanceState,
  quietFor: (() => number) | undefined,
): Promise<MaintenanceStep> {
  const step = emptyStep(table, 'sweep')
  for (;;) {
    step.waitedMs += await yieldToRequests(quietFor)
    const batch = state.sweepBatchRows
    let rowCount = 0
    const { ms, cpuMs, runQueueMs } = await timed(async () => {
      ;({ rowCount } = await db.query(
        `delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${batch})`,
        params,
      ))
    })
    step.rows += rowCount
    step.ms = Math.max(step.ms, ms)
    step.totalMs += ms
    step.cpuMs += cpuMs
    step.runQueueMs += runQueueMs
    if (ms - runQueueMs > MAINTENANCE_STEP_BUDGET_MS * MAINTENANCE_PREDICTION_SHARE) {
      state.sweepBatchRows = Math.max(SWEEP_MIN_BATCH_ROWS, Math.floor(batch / 2))
    }
    if (rowCount < batch) break
  }
  return step
}

function emptyStep(target: string, action: MaintenanceStep['action']): MaintenanceStep {
  return { target, action, ms: 0, totalMs: 0, cpuMs: 0, runQueueMs: 0, waitedMs: 0, rows: 0, bytes: 0 }
}

const MB = 2 ** 20

/** A step's expected time: table size times the highest rate measured for the action on that table,
 * else on any table, else the default. The highest, so one fast run cannot clear a slow table. */
export function predictedMs(state: MaintenanceState, action: 'vacuum' | 'analyze', target: string, bytes: number): number {
  const rate = state.msPerMb.get(`${action} ${target}`) ?? state.msPerMb.get(action) ?? MAINTENANCE_DEFAULT_MS_PER_MB
  return sizeInMb(bytes) * rate
}

/** Below a MB a statement's time is mostly its fixed cost: a table counts as at least 1 MB. */
const sizeInMb = (bytes: number) => Math.max(bytes / MB, 1)

function learn(state: MaintenanceState, action: 'vacuum' | 'analyze', target: string, bytes: number, ms: number): void {
  keepHighestRate(state.msPerMb, [`${action} ${target}`, action], ms / sizeInMb(bytes))
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** While staff work, no truncation (an exclusive lock) and no TOAST table: both wait for idle passes. */
function statementOf(action: 'vacuum' | 'analyze', table: string, idle: boolean): string {
  if (action === 'analyze') return `analyze ${table}`
  return idle ? `vacuum ${table}` : `vacuum (truncate false, process_toast false) ${table}`
}

/** One pass: sweeps, then each table that needs it, one statement per table and action. */
export async function maintainDatabase(db: Sql, now: Date, options: PassOptions): Promise<MaintenanceStep[]> {
  const state = options.state ?? newMaintenanceState()
  const steps: MaintenanceStep[] = []
  const record = (step: MaintenanceStep) => {
    steps.push(step)
    options.onStep?.(step)
  }
  const idleBefore = new Date(now.getTime() - LIMITS.auth.sessionIdleSeconds * 1000)
  const codesBefore = new Date(now.getTime() - LIMITS.database.codeKeepAfterExpirySeconds * 1000)
  // The sessions and codes nobody can use any more; each user's own are also deleted at their next sign-in.
  record(
    await sweep(
      db,
      'builtin_auth.sessions',
      'token_hash',
      'expires_at <= $1 or last_seen_at <= $2',
      [now, idleBefore],
      state,
      options.quietFor,
    ),
  )
  record(await sweep(db, 'builtin_auth.otp_codes', 'id', 'expires_at <= $1', [codesBefore], state, options.quietFor))
  let vacuumed = false
  const largeTableBytes = options.largeTableBytes ?? LIMITS.database.maintenanceLargeTableBytes
  const budget = MAINTENANCE_STEP_BUDGET_MS * MAINTENANCE_PREDICTION_SHARE
  const { tables, step: statsStep } = await tableStats(db, options.quietFor)
  record(statsStep)
  for (const table of tables) {
    const target = `${table.schema}.${table.name}`
    for (const action of neededActions(table)) {
      if (!options.idle) {
        const reason =
          table.bytes > largeTableBytes
            ? 'large'
            : state.slowTables.has(target)
              ? 'slow'
              : predictedMs(state, action, target, table.bytes) > budget
                ? 'predicted'
                : null
        if (reason) {
          options.onDeferred?.(target, reason)
          continue
        }
      }
      const waitedMs = await yieldToRequests(options.quietFor)
      const { ms, cpuMs, runQueueMs } = await timed(() =>
        db.exec(statementOf(action, `${quote(table.schema)}.${quote(table.name)}`, options.idle)),
      )
      // Own time only: the machine's other load would make every table look slow on a busy machine.
      // The scheduler's count can pass a short statement's wall time: never less than its CPU time.
      const own = Math.min(ms, Math.max(ms - runQueueMs, cpuMs))
      if (own > MAINTENANCE_STEP_BUDGET_MS) state.slowTables.add(target)
      learn(state, action, target, table.bytes, own)
      const rows = action === 'vacuum' ? table.dead : table.changed
      record({ target, action, ms, totalMs: ms, cpuMs, runQueueMs, waitedMs, rows, bytes: table.bytes })
      vacuumed ||= action === 'vacuum'
    }
  }
  if (options.idle && vacuumed) {
    // PGlite has no checkpointer: without one the write-ahead log only grows.
    const waitedMs = await yieldToRequests(options.quietFor)
    const { ms, cpuMs, runQueueMs } = await timed(() => db.exec('checkpoint'))
    record({ target: 'database', action: 'checkpoint', ms, totalMs: ms, cpuMs, runQueueMs, waitedMs, rows: 0, bytes: 0 })
  }
  return steps
}

export function createMaintenance(options: MaintenanceOptions): Maintenance {
  let running: Promise<MaintenanceStep[]> | null = null
  let closed = false
  let written = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  const state = newMaintenanceState()

  function arm(ms: number): void {
    if (closed || !options.schedule) return
    clearTimeout(timer)
    timer = setTimeout(() => void runScheduled(), ms)
    timer.unref()
  }

  async function runScheduled(): Promise<void> {
    try {
      await run()
    } catch (error) {
      // The next pass tries again; the server keeps serving meanwhile.
      log().error({ err: error }, '[maintenance] pass failed')
    }
  }

  function run(): Promise<MaintenanceStep[]> {
    const previous = running ?? Promise.resolve([])
    const next = previous
      .catch(() => [])
      .then(async () => {
        if (closed) return []
        written = 0
        let deferred = false
        try {
          const idle = (options.quietFor?.() ?? 0) >= (options.idleMs ?? Infinity)
          return await maintainDatabase(options.db, options.now(), {
            idle,
            state,
            quietFor: options.quietFor,
            onStep: options.onStep,
            onDeferred: () => {
              deferred = true
            },
          })
        } finally {
          // A large table waiting for quiet is looked at again as soon as quiet could have come.
          const idleMs = options.idleMs ?? Infinity
          if (options.schedule) arm(deferred ? Math.min(idleMs + 1000, options.schedule.intervalMs) : options.schedule.intervalMs)
        }
      })
    running = next
    void next.finally(() => {
      if (running === next) running = null
    })
    return next
  }

  arm(options.schedule?.intervalMs ?? 0)

  return {
    run,
    noteWrites(rows) {
      if (!options.schedule || rows <= 0 || closed) return
      written += rows
      if (written < options.schedule.bulkRows) return
      // Waits for the burst to end: a bulk action of many statements is maintained once, after it.
      clearTimeout(quietTimer)
      quietTimer = setTimeout(() => void runScheduled(), options.schedule.quietMs)
      quietTimer.unref()
    },
    async close() {
      closed = true
      clearTimeout(timer)
      clearTimeout(quietTimer)
      await running?.catch(() => {})
    },
  }
}
