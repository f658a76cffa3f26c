/**
 * Writes one archive of everything the firm would miss (docs/backups.md):
 *   npm run backup -- [FILE]      FILE defaults to BACKUP_DIR/pusula-backup-<time>.gz
 * Works while the server runs: in the embedded mode the running server writes the archive
 * (it owns the data folder; decision 100), otherwise this process reads the database itself.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { requestBackup } from '~/backend/backup/control.server'
import { openBackupTarget } from '~/backend/backup/open-backup-target.server'
import { archiveFileName } from '~/backend/backup/snapshots.server'
import { type BackupSummary, recordBackup, writeArchive } from '~/backend/backup/write-archive.server'
import { DataDirLockedError } from '~/backend/embedded/lock.server'
import { EnvError, serverEnv } from '~/lib/env.server'

function describeBackup(summary: BackupSummary): string {
  const messages = summary.rows['public.contact_messages'] ?? 0
  const megabytes = (summary.bytes / 2 ** 20).toFixed(1)
  const missing = summary.missingImages.length ? `; ${summary.missingImages.length} image(s) removed while it ran` : ''
  return `Backup written: ${summary.file} (${messages} messages, ${summary.images} images, ${megabytes} MB; as of ${summary.takenAt.toISOString()}${missing}).`
}

export default async function backup(args: string[]): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('Usage: npm run backup -- [FILE]')
    return 2
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    const env = serverEnv()
    const file = path.resolve(args[0] ?? path.join(env.backups.dir, archiveFileName(new Date())))
    if (env.backend.kind === 'embedded') {
      const summary = await requestBackup(env.dataDir, file)
      if (summary) {
        console.log(describeBackup(summary))
        return 0
      }
    }
    const target = await openBackupTarget(env, { forRestore: false })
    try {
      const summary = await writeArchive(target.db, file, { mode: target.mode, images: target.images })
      await recordBackup(target.db, summary)
      console.log(describeBackup(summary))
    } finally {
      await target.close()
    }
    return 0
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EnvError) {
      console.error((error as Error).message)
      return 1
    }
    console.error(`Backup failed: ${(error as Error).message}`)
    return 1
  }
}
