/**
 * Opens the configured mode's database for `npm run backup` and `npm run restore`, with the
 * image store of its file storage. Mail is neither delivered nor queued by these commands.
 */
import type { ServerEnv } from '~/lib/env.server'
import type { Backend } from '../backend'
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
  const mode = env.backend
  let opened: { backend: Backend; db: SqlDatabase }
  if (mode.kind === 'supabase') {
    const { openSupabase } = await import('../supabase/index.server')
    opened = await openSupabase({ ...mode, secureCookies: false })
  } else if (mode.kind === 'postgres') {
    const { openPostgres } = await import('../postgres/index.server')
    opened = await openPostgres({
      url: mode.databaseUrl,
      listenUrl: mode.listenUrl,
      dataDir: env.dataDir,
      secureCookies: false,
      logEmails: false,
    })
  } else {
    const { openEmbedded } = await import('../embedded/index.server')
    // A new folder that is to receive an archive starts empty, not with the demo messages.
    opened = await openEmbedded({ dataDir: env.dataDir, secureCookies: false, logEmails: false, sampleData: !options.forRestore })
  }
  return {
    mode: mode.kind,
    db: opened.db,
    images: imageStoreFor(opened.backend.storage, env),
    close: () => opened.backend.close(),
  }
}
