/** What a server process runs for backups: automatic snapshots and, in the embedded mode, the socket
 * through which `npm run backup` asks for an archive. Started by get-backend.server.ts. */
import type { ServerEnv } from '~/lib/env.server'
import type { DeploymentMode, FileStorage } from '../backend'
import type { SqlDatabase } from '../sql/client'
import { serveBackupRequests } from './control.server'
import { databaseImageStore, diskImageStore, type ImageStore, supabaseImageStore } from './images.server'
import { startSnapshots } from './snapshots.server'
import { registerSnapshots } from './snapshot-status.server'
import { recordBackup, writeArchive } from './write-archive.server'

export function imageStoreFor(storage: FileStorage, env: Pick<ServerEnv, 'backend' | 'dataDir' | 'secureCookies'>): ImageStore {
  const mode = env.backend
  if (mode.kind === 'embedded') return diskImageStore(storage, env.dataDir)
  if (mode.kind === 'postgres') return databaseImageStore(storage)
  return supabaseImageStore(storage, { ...mode, secureCookies: env.secureCookies })
}

export function startBackupService(options: {
  mode: DeploymentMode
  db: SqlDatabase
  storage: FileStorage
  env: ServerEnv
}): () => Promise<void> {
  const { mode, db, env } = options
  const images = imageStoreFor(options.storage, env)
  const log = (message: string) => console.error(message)
  const snapshots = startSnapshots({ db, images, mode, log, enabled: env.backups.snapshots, ...env.backups })
  registerSnapshots(snapshots)
  const control =
    mode === 'embedded'
      ? serveBackupRequests(
          env.dataDir,
          async (file) => {
            // Asked for by `npm run backup` on this machine: the command line's action.
            const summary = await writeArchive(db, file, { mode, images })
            await recordBackup(db, summary)
            return summary
          },
          log,
        )
      : null
  return async () => {
    registerSnapshots(undefined)
    await control?.close()
    await snapshots.stop()
  }
}
