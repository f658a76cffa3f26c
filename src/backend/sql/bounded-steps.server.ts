/** What maintenance and retention share to keep each statement short while staff work: the budget,
 * timing apart from the machine's load, letting the app's queries go first, and learning a cost per
 * unit (decisions 078, 125). */
import { readFileSync } from 'node:fs'
import type { ColumnBytes, QueryResult, Sql, SqlDatabase } from './client'

/** What a single statement may hold the connection for while staff work (decision 078). */
export const MAINTENANCE_STEP_BUDGET_MS = 100
/** A step runs while staff work only if it is expected to take at most this share of the budget: the
 * rest is headroom for a busier machine than the one its cost was learned on. */
export const MAINTENANCE_PREDICTION_SHARE = 0.5
/** The longest a step waits for the app's queries under way before it goes anyway. */
const MAX_WAIT_FOR_APP_MS = 1_000

const tick = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)))

/** Lets requests go first: a turn of the event loop (what arrived meanwhile starts its queries),
 * then, while a query of the app is still under way (a request's transaction between two of its
 * statements), a millisecond at a time, at most MAX_WAIT_FOR_APP_MS. Returns the time waited. */
export async function yieldToRequests(quietFor: (() => number) | undefined): Promise<number> {
  const started = performance.now()
  await tick(0)
  while (quietFor && quietFor() === 0 && performance.now() - started < MAX_WAIT_FOR_APP_MS) await tick(1)
  return performance.now() - started
}

/** Milliseconds the server's main thread (where PGlite runs) has waited for a CPU while ready to
 * run, from Linux's scheduler statistics; undefined elsewhere. */
export function runQueueMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6
  } catch {
    return undefined
  }
}

/** Runs one statement and measures it: wall time, the process's CPU time, and the main thread's wait
 * for a CPU (a loaded machine's share of the wall time; the rest is the work and I/O). */
export async function timed(run: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number; runQueueMs: number }> {
  const queued = runQueueMs()
  const cpu = process.cpuUsage()
  const started = performance.now()
  await run()
  const ms = performance.now() - started
  const used = process.cpuUsage(cpu)
  const queuedAfter = runQueueMs()
  return { ms, cpuMs: (used.user + used.system) / 1000, runQueueMs: queuedAfter! - queued! || 0 }
}

/** Keeps, under each key, the highest rate measured: one fast run must not send a slow statement back among the requests. */
export function keepHighestRate<K>(rates: Map<K, number>, keys: K[], rate: number): void {
  for (const key of keys) rates.set(key, Math.max(rates.get(key) ?? 0, rate))
}

/** The database with every changed row counted (inside transactions too), for noteWrites, and the
 * time since its last query, for quietFor: 0 while a query, an exec or a transaction of the app is
 * under way (a request's transaction holds PGlite's one connection between its statements too). */
export function watchActivity(
  db: SqlDatabase,
  onWrites: (rows: number) => void,
): { db: SqlDatabase; background: SqlDatabase; quietFor: () => number } {
  let last = performance.now()
  let inFlight = 0
  async function track<T>(run: () => Promise<T>, app: boolean): Promise<T> {
    inFlight++
    if (app) last = performance.now()
    try {
      return await run()
    } finally {
      inFlight--
      if (app) last = performance.now()
    }
  }
  const watched = (target: Sql, app: boolean): Sql => ({
    query: <T>(text: string, params?: readonly unknown[]) =>
      track(async (): Promise<QueryResult<T>> => {
        const result = await target.query<T>(text, params)
        if (result.rowCount > 0) onWrites(result.rowCount)
        return result
      }, app),
    exec: (text) => track(() => target.exec(text), app),
    transaction: (fn, transactionOptions) =>
      track(() => target.transaction((tx) => fn(watched(tx, app)), transactionOptions), app),
  })
  // A backup's raw reads (decision 177) are the app's queries too: maintenance waits for them.
  const firstColumnBytes = db.firstColumnBytes
  return {
    db: {
      ...db,
      ...watched(db, true),
      ...(firstColumnBytes && {
        firstColumnBytes: (statement: string, reuse?: ColumnBytes) => track(() => firstColumnBytes(statement, reuse), true),
      }),
    },
    background: { ...db, ...watched(db, false) },
    quietFor: () => (inFlight > 0 ? 0 : performance.now() - last),
  }
}
