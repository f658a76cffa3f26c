/** The gauges read at each scrape of GET /metrics, from the backend's status reading, the pool and
 * the newest snapshot (src/lib/metrics.server.ts keeps the registry). */
import { Gauge } from 'prom-client'
import type { PoolUse, StatusReading } from '~/backend/backend'
import { registry } from '~/lib/metrics.server'
import type { SnapshotStatus } from './snapshot-status.server'

const mailQueued = new Gauge({
  name: 'pusula_mail_queue_depth',
  help: 'Mails waiting or being sent.',
  registers: [registry],
})
const mailOldestAge = new Gauge({
  name: 'pusula_mail_queue_oldest_age_seconds',
  help: 'Age of the oldest mail still waiting (0 when none is).',
  registers: [registry],
})
const mailDueAge = new Gauge({
  name: 'pusula_mail_queue_oldest_due_seconds',
  help: 'How long the longest-due mail has waited for an attempt (0 when none is due); /readyz fails past 900.',
  registers: [registry],
})
const messages = new Gauge({
  name: 'pusula_messages',
  help: 'Contact messages by status, as the inbox counts them.',
  labelNames: ['status'] as const,
  registers: [registry],
})
const snapshotsEnabled = new Gauge({
  name: 'pusula_snapshots_enabled',
  help: 'Whether scheduled snapshots are on (1) or off (0).',
  registers: [registry],
})
const snapshotAge = new Gauge({
  name: 'pusula_snapshot_age_seconds',
  help: 'Age of the newest snapshot (0 while snapshots are off; -1 when on and none was taken yet).',
  registers: [registry],
})
const databaseUp = new Gauge({
  name: 'pusula_database_up',
  help: 'Whether the database answered the status query within the readiness timeout (1) or not (0).',
  registers: [registry],
})
const pool = new Gauge({
  name: 'pusula_db_pool_connections',
  help: 'Database pool connections by state (total, idle, waiting requests, max).',
  labelNames: ['state'] as const,
  registers: [registry],
})

const seconds = (from: Date | null, now: Date) => (from ? Math.max(0, (now.getTime() - from.getTime()) / 1000) : 0)

/** Sets the gauges read at scrape time; a reading that failed (null) leaves them out. */
export function recordReading(
  reading: StatusReading | null,
  poolUse: PoolUse | null,
  snapshots: SnapshotStatus | null,
  now = new Date(),
): void {
  databaseUp.set(reading ? 1 : 0)
  for (const gauge of [mailQueued, mailOldestAge, mailDueAge, messages, snapshotAge, pool]) gauge.reset()
  if (reading) {
    mailQueued.set(reading.mail.queued)
    mailOldestAge.set(seconds(reading.mail.oldestQueuedAt, reading.now))
    mailDueAge.set(seconds(reading.mail.oldestDueAt, reading.now))
    for (const [status, n] of Object.entries(reading.messages)) messages.set({ status }, n)
  }
  snapshotsEnabled.set(snapshots?.enabled ? 1 : 0)
  if (snapshots?.enabled) snapshotAge.set(snapshots.newestAt ? seconds(snapshots.newestAt, now) : -1)
  if (poolUse) {
    pool.set({ state: 'max' }, poolUse.max)
    pool.set({ state: 'total' }, poolUse.total)
    pool.set({ state: 'idle' }, poolUse.idle)
    pool.set({ state: 'waiting' }, poolUse.waiting)
  }
}
