/** The app server's backend, opened once per process (open-backend.server.ts picks the mode from the
 * environment); everything else asks getBackend() for the Backend interface. */
import { serverEnv } from '~/lib/env.server'
import type { Backend } from './backend'

// On globalThis rather than in a module variable: Vite's dev server re-evaluates this module on
// every edit (HMR), and a second embedded backend would fail on the first one's data-folder lock.
const CACHE = Symbol.for('pusula.backend')
type Holder = { [CACHE]?: Promise<Backend> }
const holder = globalThis as Holder

async function createBackend(): Promise<Backend> {
  const env = serverEnv()
  // Imported on demand: each mode loads only its own drivers and clients.
  const [{ openBackend }, { startBackupService }] = await Promise.all([
    import('./open-backend.server'),
    import('./backup/service.server'),
  ])
  const { backend, db } = await openBackend(env, 'server')
  const stop = startBackupService({ mode: backend.kind, db, storage: backend.storage, env })
  return {
    ...backend,
    async close() {
      await stop()
      await backend.close()
    },
  }
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

/** Stops what the backend does on its own, mail delivery, as the server shuts down: its polling
 * would otherwise keep the process alive. The backend stays open for the requests still running. */
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
