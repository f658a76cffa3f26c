/** The newest snapshot as /readyz and /metrics see it (docs/backups.md): the backup service's
 * status, with the time this process started taking snapshots, so that a server that has not yet
 * written its first one (it waits a minute after a start) is not reported late. */
import { snapshotStatus as backupSnapshotStatus, snapshotsStartedAt } from '~/backend/backup/snapshot-status.server'

export interface SnapshotStatus {
  enabled: boolean
  newestAt: Date | null
  intervalHours: number
  /** When this process started taking snapshots; null when it takes none. */
  startedAt?: Date | null
}

export async function snapshotStatus(): Promise<SnapshotStatus> {
  return { ...(await backupSnapshotStatus()), startedAt: snapshotsStartedAt() }
}
