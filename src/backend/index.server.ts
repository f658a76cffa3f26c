/**
 * Opens the deployment mode's backend from the environment, once per process. The only module
 * that knows which mode is in use; everything else asks getBackend() for the Backend interface.
 */
import { serverEnv } from '~/lib/env.server'
import type { Backend } from './backend'
import type { SqlDatabase } from './sql/client'

// On globalThis rather than in a module variable: Vite's dev server re-evaluates this module on
// every edit (HMR), and a second embedded backend would fail on the first one's data-folder lock.
const CACHE = Symbol.for('pusula.backend')
type Holder = { [CACHE]?: Promise<Backend> }
const holder = globalThis as Holder

async function createBackend(): Promise<Backend> {
  const env = serverEnv()
  const mode = env.backend
  // The server process delivers mail (docs/decisions/090-mail.md); the CLI tools open backends without.
  const mail = {
    smtp: env.mail && { url: env.mail.smtpUrl, from: env.mail.from },
    worker: true,
    floodMax: env.mailFloodMax,
  }
  // Imported on demand: each mode loads only its own drivers and clients.
  const { startBackupService } = await import('./backup/service.server')
  const withBackups = (backend: Backend, db: SqlDatabase): Backend => {
    const stop = startBackupService({ mode: backend.kind, db, storage: backend.storage, env })
    return {
      ...backend,
      async close() {
        await stop()
        await backend.close()
      },
    }
  }
  if (mode.kind === 'supabase') {
    const { openSupabase } = await import('./supabase/index.server')
    const { backend, db } = await openSupabase({
      ...mode,
      secureCookies: env.secureCookies,
      mail: { ...mail, dataDir: env.dataDir, logEmails: env.logEmails },
    })
    return withBackups(backend, db)
  }
  if (mode.kind === 'postgres') {
    const { openPostgres } = await import('./postgres/index.server')
    const { backend, db } = await openPostgres({
      url: mode.databaseUrl,
      listenUrl: mode.listenUrl,
      dataDir: env.dataDir,
      secureCookies: env.secureCookies,
      logEmails: env.logEmails,
      seedAdminEmails: env.seedAdminEmails,
      codeTtlSeconds: env.codeTtlSeconds,
      mail,
    })
    return withBackups(backend, db)
  }
  const { openEmbedded } = await import('./embedded/index.server')
  const { backend, db } = await openEmbedded({
    dataDir: env.dataDir,
    secureCookies: env.secureCookies,
    logEmails: env.logEmails,
    seedAdminEmails: env.seedAdminEmails,
    codeTtlSeconds: env.codeTtlSeconds,
    mail,
    maintenance: true,
  })
  return withBackups(backend, db)
}

/** The process's backend, created on first use; concurrent first calls share one creation. */
export function getBackend(): Promise<Backend> {
  let pending = holder[CACHE]
  if (!pending) {
    pending = createBackend()
    holder[CACHE] = pending
    // A failed start (say, the data folder is locked) is not cached: the next call tries again.
    pending.catch(() => {
      if (holder[CACHE] === pending) delete holder[CACHE]
    })
  }
  return pending
}

/**
 * Stops what the backend does on its own, mail delivery, as the server shuts down: its polling
 * would otherwise keep the process alive. The backend stays open for the requests still running.
 */
export async function stopBackendWork(): Promise<void> {
  const backend = await holder[CACHE]?.catch(() => null)
  await backend?.mail.stop()
}

/** Closes the backend if one was created (server shutdown, tests); the next getBackend() starts anew. */
export async function closeBackend(): Promise<void> {
  const pending = holder[CACHE]
  if (!pending) return
  delete holder[CACHE]
  const backend = await pending.catch(() => null)
  await backend?.close()
}
