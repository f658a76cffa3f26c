/**
 * Upkeep of the embedded database, which has no autovacuum (docs/decisions/078-embedded-maintenance.md):
 * deletes expired sessions and sign-in codes, then VACUUMs and ANALYZEs, one table per statement, each
 * table whose dead or changed rows passed a small threshold. PGlite has one connection and runs in
 * the server's own thread, so every statement here holds every request behind it: small statements,
 * a turn of the event loop between them (queued requests go first), every step timed and reported.
 * A table too large to vacuum in a blink (the messages) waits for a pass that finds the database idle.
 */
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import type { QueryResult, Sql, SqlDatabase } from './client'

export interface MaintenanceStep {
  /** `schema.table`, or the sweep's name. */
  target: string
  action: 'sweep' | 'vacuum' | 'analyze' | 'vacuum analyze' | 'checkpoint'
  ms: number
  /** Rows deleted (sweep) or dead rows found before the vacuum. */
  rows: number
}

export interface MaintenanceOptions {
  db: SqlDatabase
  now: () => Date
  /** Every step, for the log (a step over budgetMs is worth a warning). */
  onStep?: (step: MaintenanceStep) => void
  /** Scheduling; omit for a maintenance that runs only when asked (tests, tools). */
  schedule?: { intervalMs: number; quietMs: number; bulkRows: number }
  /** Milliseconds since the app's last query (watchActivity); large tables wait for idleMs of quiet. */
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

/** What a single statement may hold the connection for; steps above it are logged as slow. */
export const MAINTENANCE_STEP_BUDGET_MS = 100

interface TableStats {
  schema: string
  name: string
  live: number
  dead: number
  changed: number
  bytes: number
}

export interface PassOptions {
  /** Nobody is using the database: large tables may be maintained, and a checkpoint taken. */
  idle: boolean
  onStep?: (step: MaintenanceStep) => void
  /** Called for each large table left for an idle pass. */
  onDeferred?: (table: string) => void
  /** LIMITS.database.maintenanceLargeTableBytes unless a test says otherwise. */
  largeTableBytes?: number
  /**
   * Tables a step of which once took longer than MAINTENANCE_STEP_BUDGET_MS, kept from pass to
   * pass: they wait for idle passes too, whatever their size, from then on (tables rarely get
   * faster, and one fast idle run must not send them back among the requests).
   */
  slowTables?: Set<string>
}

/** The server's log: a step over budget is a warning, a vacuum a line; quiet passes say nothing. */
export function logMaintenanceStep(step: MaintenanceStep): void {
  const line = `[maintenance] ${step.action} ${step.target}: ${step.rows} rows, ${Math.round(step.ms)} ms`
  if (step.ms > MAINTENANCE_STEP_BUDGET_MS) log().warn(`${line} (over the ${MAINTENANCE_STEP_BUDGET_MS} ms a step should take)`)
  else if (step.action !== 'analyze' && step.rows > 0) log().info(line)
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Deletes rows matched by `where` in batches; `key` names the column the batch is picked by. */
async function sweep(db: Sql, table: string, key: string, where: string, params: unknown[]): Promise<MaintenanceStep> {
  const started = performance.now()
  let rows = 0
  for (;;) {
    const { rowCount } = await db.query(
      `delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${LIMITS.database.sweepBatchRows})`,
      params,
    )
    rows += rowCount
    if (rowCount < LIMITS.database.sweepBatchRows) break
    await yieldToRequests()
  }
  return { target: table, action: 'sweep', ms: performance.now() - started, rows }
}

async function tableStats(db: Sql): Promise<TableStats[]> {
  // Counters reach the shared statistics at most once a second; this makes the next statement see them.
  await db.query('select pg_catalog.pg_stat_force_next_flush()')
  const { rows } = await db.query<Record<keyof TableStats, string>>(
    `select schemaname as schema, relname as name, n_live_tup as live, n_dead_tup as dead,
            n_mod_since_analyze as changed, pg_catalog.pg_total_relation_size(relid) as bytes
     from pg_catalog.pg_stat_user_tables
     where schemaname not in ('pg_catalog', 'information_schema')
     order by schemaname, relname`,
  )
  return rows.map((r) => ({
    schema: r.schema,
    name: r.name,
    live: Number(r.live),
    dead: Number(r.dead),
    changed: Number(r.changed),
    bytes: Number(r.bytes),
  }))
}

/** Which of VACUUM and ANALYZE a table needs now, if any. */
export function neededAction(t: Pick<TableStats, 'live' | 'dead' | 'changed'>): MaintenanceStep['action'] | null {
  const vacuum = t.dead > 50 + LIMITS.database.vacuumShare * t.live
  const analyze = t.changed > 50 + LIMITS.database.analyzeShare * t.live
  if (vacuum && analyze) return 'vacuum analyze'
  return vacuum ? 'vacuum' : analyze ? 'analyze' : null
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * One pass: sweeps, then each table that needs it, one statement each; tables over
 * LIMITS.database.maintenanceLargeTableBytes only when idle, which also ends with a checkpoint.
 */
export async function maintainDatabase(db: Sql, now: Date, options: PassOptions): Promise<MaintenanceStep[]> {
  const steps: MaintenanceStep[] = []
  const record = (step: MaintenanceStep) => {
    steps.push(step)
    options.onStep?.(step)
  }
  const idleBefore = new Date(now.getTime() - LIMITS.auth.sessionIdleSeconds * 1000)
  const codesBefore = new Date(now.getTime() - LIMITS.database.codeKeepAfterExpirySeconds * 1000)
  // The sessions and codes nobody can use any more; each user's own are also deleted at their next sign-in.
  record(await sweep(db, 'builtin_auth.sessions', 'token_hash', 'expires_at <= $1 or last_seen_at <= $2', [now, idleBefore]))
  await yieldToRequests()
  record(await sweep(db, 'builtin_auth.otp_codes', 'id', 'expires_at <= $1', [codesBefore]))
  let vacuumed = false
  const largeTableBytes = options.largeTableBytes ?? LIMITS.database.maintenanceLargeTableBytes
  for (const table of await tableStats(db)) {
    const action = neededAction(table)
    if (!action) continue
    const target = `${table.schema}.${table.name}`
    if (!options.idle && (table.bytes > largeTableBytes || options.slowTables?.has(target))) {
      options.onDeferred?.(target)
      continue
    }
    await yieldToRequests()
    const started = performance.now()
    // Plain VACUUM (never FULL): it takes no lock that readers notice on a server, and on PGlite
    // the visibility map makes each later run visit only the pages changed since.
    await db.exec(`${action} ${quote(table.schema)}.${quote(table.name)}`)
    const ms = performance.now() - started
    if (ms > MAINTENANCE_STEP_BUDGET_MS) options.slowTables?.add(target)
    record({ target, action, ms, rows: table.dead })
    vacuumed ||= action !== 'analyze'
  }
  if (options.idle && vacuumed) {
    // PGlite runs alone, without a checkpointer: until one, the write-ahead log only grows
    // (up to max_wal_size); after one, old segments are recycled.
    await yieldToRequests()
    const started = performance.now()
    await db.exec('checkpoint')
    record({ target: 'database', action: 'checkpoint', ms: performance.now() - started, rows: 0 })
  }
  return steps
}

export function createMaintenance(options: MaintenanceOptions): Maintenance {
  let running: Promise<MaintenanceStep[]> | null = null
  let closed = false
  let written = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  const slowTables = new Set<string>()

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
            slowTables,
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

/**
 * The database with every changed row counted (inside transactions too), for noteWrites, and the
 * time of its last query, for quietFor. PGlite reports affected rows for insert, update and delete
 * only (0 for a select).
 */
export function watchActivity(db: SqlDatabase, onWrites: (rows: number) => void): { db: SqlDatabase; quietFor: () => number } {
  let last = performance.now()
  const watched = (target: Sql): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      last = performance.now()
      try {
        const result = await target.query<T>(text, params)
        if (result.rowCount > 0) onWrites(result.rowCount)
        return result
      } finally {
        last = performance.now()
      }
    },
    async exec(text) {
      last = performance.now()
      await target.exec(text)
    },
    transaction: (fn, transactionOptions) => target.transaction((tx) => fn(watched(tx)), transactionOptions),
  })
  return { db: { ...db, ...watched(db) }, quietFor: () => performance.now() - last }
}
