/** Whether the inbox should warn admins that automatic snapshots are late (docs/backups.md):
 * validate (no input) → authorize (requireAdmin) → read the snapshot status. */
import { createServerFn } from '@tanstack/react-start'
import { snapshotIsStale, snapshotStatus, snapshotsStartedAt } from '~/backend/backup/snapshot-status.server'
import { requireAdmin } from '~/features/auth/require-admin'

export interface SnapshotWarning {
  /** Snapshots are on and the newest is older than two intervals (or none came in that long). */
  late: boolean
  /** ISO time of the newest snapshot; null when there is none. */
  newestAt: string | null
}

export const getSnapshotWarning = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async (): Promise<SnapshotWarning> => {
    const status = await snapshotStatus()
    const startedAt = snapshotsStartedAt() ?? new Date()
    return { late: snapshotIsStale(status, new Date(), startedAt), newestAt: status.newestAt?.toISOString() ?? null }
  })
