/** Whether this instance should get traffic (GET /readyz): the database answers within
 * LIMITS.ops.readyTimeoutMs with every migration applied, the start's warm-up has ended, mail is
 * being delivered, and, where snapshots are on, the newest is recent (decision 130). */
import type { BackendStatus, StatusReading } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import type { SnapshotStatus } from './snapshot-status.server'

export interface CheckResult {
  ok: boolean
  [figure: string]: string | number | boolean | null
}

export interface Readiness {
  ok: boolean
  checks: Record<string, CheckResult>
}

/** What readiness reads: the backend's status (null: the backend could not be opened), the snapshots. */
export interface ReadinessSources {
  status: () => Promise<BackendStatus>
  snapshots: () => Promise<SnapshotStatus>
  /** Whether the start's warm-up has ended (src/features/ops/warm-up.server.ts). */
  warmedUp?: () => boolean | undefined
  now?: () => Date
}

export interface Reading {
  reading: StatusReading | null
  snapshots: SnapshotStatus | null
  databaseMs: number
  /** Why the database check failed: `timeout` or the error's code, never its message. */
  databaseError: string | null
  /** False while the start's warm-up runs; absent where nothing warms up. */
  warmedUp?: boolean | undefined
}

class Timeout extends Error {
  override name = 'Timeout'
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const errorCode = (error: unknown) =>
  error instanceof Timeout ? 'timeout' : String((error as { code?: unknown })?.code ?? (error as Error)?.name ?? 'error')

/** One reading at a time per process: probes that arrive while one is under way share it, so a
 * database that hangs holds one connection, not one per probe. */
export function createReader(sources: ReadinessSources): () => Promise<Reading> {
  let inFlight: Promise<StatusReading> | null = null
  return async () => {
    const started = performance.now()
    inFlight ??= sources
      .status()
      .then((status) => status.read())
      .finally(() => {
        inFlight = null
      })
    const [database, snapshots] = await Promise.allSettled([
      within(inFlight, LIMITS.ops.readyTimeoutMs),
      within(sources.snapshots(), LIMITS.ops.readyTimeoutMs),
    ])
    return {
      reading: database.status === 'fulfilled' ? database.value : null,
      snapshots: snapshots.status === 'fulfilled' ? snapshots.value : null,
      databaseMs: Math.round(performance.now() - started),
      databaseError: database.status === 'rejected' ? errorCode(database.reason) : null,
      warmedUp: sources.warmedUp?.(),
    }
  }
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000))

/** The checks, in the order /readyz lists them; a new one (say, from another backend part) is one more entry. */
export function readinessOf({ reading, snapshots, databaseMs, databaseError, warmedUp }: Reading, now = new Date()): Readiness {
  const checks: Record<string, CheckResult> = {
    database: reading ? { ok: true, ms: databaseMs } : { ok: false, ms: databaseMs, error: databaseError },
    migrations: reading
      ? { ok: reading.pendingMigrations === 0, pending: reading.pendingMigrations }
      : { ok: false, pending: null },
    ...(warmedUp === undefined ? {} : { warmUp: { ok: warmedUp } }),
    mail: mailCheck(reading),
    snapshots: snapshotCheck(snapshots, now),
  }
  return { ok: Object.values(checks).every((check) => check.ok), checks }
}

function mailCheck(reading: StatusReading | null): CheckResult {
  if (!reading) return { ok: false, oldestDueSeconds: null }
  const due = reading.mail.oldestDueAt ? secondsBetween(reading.mail.oldestDueAt, reading.now) : 0
  return { ok: due < LIMITS.ops.mailDueMaxSeconds, oldestDueSeconds: due, queued: reading.mail.queued }
}

function snapshotCheck(snapshots: SnapshotStatus | null, now: Date): CheckResult {
  if (!snapshots) return { ok: false, enabled: null, ageSeconds: null }
  if (!snapshots.enabled) return { ok: true, enabled: false }
  const maxSeconds = LIMITS.ops.snapshotMaxIntervals * snapshots.intervalHours * 3600
  const age = snapshots.newestAt ? secondsBetween(snapshots.newestAt, now) : null
  // Before the first snapshot, late is counted from when this process started taking them.
  const since = snapshots.newestAt ?? snapshots.startedAt ?? null
  const ok = since !== null && secondsBetween(since, now) < maxSeconds
  return { ok, enabled: true, ageSeconds: age, maxSeconds }
}
