/** Opens the configured mode's database for `npm run backup` and `npm run restore`, with the image
 * store of its file storage. Mail is neither delivered nor queued by these commands. */
import type { ServerEnv } from '~/lib/env.server'
import type { Backend } from '../backend'
import { openBackend } from '../open-backend.server'
import type { SqlDatabase } from '../sql/client'
import type { ImageStore } from './images.server'
import { imageStoreFor } from './service.server'

export interface BackupTarget {
  mode: Backend['kind']
  db: SqlDatabase
  images: ImageStore
  close(): Promise<void>
}

export async function openBackupTarget(env: ServerEnv, options: { forRestore: boolean }): Promise<BackupTarget> {
  const opened = await openBackend(env, options.forRestore ? 'restore' : 'tool')
  const mode = env.backend
  return {
    mode: mode.kind,
    db: opened.db,
    images: imageStoreFor(opened.backend.storage, env),
    close: () => opened.backend.close(),
  }
}
