/** A restore that keeps KVKK erasures (docs/kvkk.md): those recorded after the backup are read first
 * and applied again in the restore's transaction, so nothing erased comes back. The activity log
 * since the backup is kept the same way. */
import type { SqlDatabase } from '../sql/client'
import { readErasures, reapplyErasures } from '../sql/reapply-erasures.server'
import { keepActivityRows, readActivitySince, recordActivity } from '../sql/activity.server'
import { CLI_ACTOR } from '~/domain/activity'
import { readArchiveHeader } from './archive-file.server'
import { type RestoreOptions, type RestoreSummary, restoreArchive } from './restore-archive.server'

export async function restoreKeepingErasures(
  db: SqlDatabase,
  file: string,
  options: Omit<RestoreOptions, 'afterLoad'>,
): Promise<RestoreSummary> {
  const header = await readArchiveHeader(file)
  const erasures = await readErasures(db, new Date(header.takenAt))
  // The activity log is never rewritten, not even by a restore: what happened since the backup stays.
  const activity = await readActivitySince(db, new Date(header.takenAt))
  return restoreArchive(db, file, {
    ...options,
    afterLoad: async (tx, since) => {
      await reapplyErasures(tx, since, erasures)
      await keepActivityRows(tx, activity)
      await recordActivity(tx, { actor: CLI_ACTOR, action: 'backup.restore', detail: { takenAt: header.takenAt } })
    },
  })
}
