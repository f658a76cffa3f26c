/** The server's snapshot status, for /readyz, /metrics and the inbox; on globalThis, as Vite's dev
 * server re-evaluates modules. */
import type { SnapshotService, SnapshotStatus } from './snapshots.server'

const KEY = Symbol.for('pusula.snapshots')
type Holder = { [KEY]?: { service: SnapshotService; startedAt: Date } }
const holder = globalThis as Holder

export function registerSnapshots(service: SnapshotService | undefined): void {
  holder[KEY] = service && { service, startedAt: new Date() }
}

/** Whether snapshots are on and when the newest was taken; off when this process runs none. */
export async function snapshotStatus(): Promise<SnapshotStatus> {
  const registered = holder[KEY]
  if (!registered) return { enabled: false, newestAt: null, intervalHours: 0 }
  return registered.service.status()
}

/** When this process started taking snapshots (a new server has none yet, and that is not late). */
export function snapshotsStartedAt(): Date | null {
  return holder[KEY]?.startedAt ?? null
}

/** True when snapshots are on and the newest is older than two intervals (or there is none after two). */
export function snapshotIsStale(status: SnapshotStatus, now: Date, startedAt: Date): boolean {
  if (!status.enabled) return false
  const limitMs = 2 * status.intervalHours * 3_600_000
  const since = status.newestAt ?? startedAt
  return now.getTime() - since.getTime() > limitMs
}
