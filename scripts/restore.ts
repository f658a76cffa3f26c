/**
 * Loads an archive of `npm run backup` into the configured mode's database (docs/backups.md):
 *   npm run restore -- FILE [--replace]
 * Refuses, with one line and exit code 2, changing nothing: a damaged, truncated or newer
 * archive, and a database that has messages already (unless --replace, which swaps everything
 * in one transaction). Embedded: stop the server first (the data folder has one owner).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ArchiveError, readArchive } from '~/backend/backup/archive-file.server'
import { openBackupTarget } from '~/backend/backup/open-backup-target.server'
import { DatabaseNotEmptyError } from '~/backend/backup/restore-archive.server'
import { restoreKeepingErasures } from '~/backend/backup/restore-keeping-erasures.server'
import { DataDirLockedError } from '~/backend/embedded/lock.server'
import { allowWasmTierUp } from '~/backend/embedded/wasm-tier.server'
import { EnvError, serverEnv } from '~/lib/env.server'

export default async function restore(args: string[]): Promise<number> {
  const replace = args.includes('--replace')
  const files = args.filter((arg) => arg !== '--replace')
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- FILE [--replace]')
    return 2
  }
  const file = path.resolve(files[0]!)
  // A short-lived process loading in bulk: V8 may optimise PGlite's WebAssembly (decisions 102, 143).
  allowWasmTierUp()
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    // Checked before the database is even opened: a bad archive changes nothing, not even a new folder.
    await readArchive(file)
    const env = serverEnv()
    const target = await openBackupTarget(env, { forRestore: true })
    try {
      // Erasures recorded after the backup was taken stay erased (KVKK, docs/kvkk.md).
      const summary = await restoreKeepingErasures(target.db, file, { images: target.images, replace })
      const messages = summary.rows['public.contact_messages'] ?? 0
      console.log(
        `Restored ${messages} messages and ${summary.images} images into ${target.mode} from a backup taken at ${summary.header.takenAt} (${summary.header.mode}).`,
      )
      if (summary.skippedTables.length) console.log(`Not in this mode, left out: ${summary.skippedTables.join(', ')}.`)
    } finally {
      await target.close()
    }
    return 0
  } catch (error) {
    if (error instanceof ArchiveError || error instanceof DatabaseNotEmptyError) {
      console.error(`Restore refused: ${error.message}. Nothing was changed.`)
      return 2
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nStop the server, restore, then start the server again.`)
      return 1
    }
    if (error instanceof EnvError) {
      console.error(error.message)
      return 1
    }
    console.error(`Restore failed, nothing was changed: ${(error as Error).message}`)
    return 1
  }
}
