/**
 * The embedded backend: PGlite in DATA_DIR for data and sign-in, the file system for uploads
 * and outgoing mail, an in-process emitter for live banner changes. The default when no
 * Supabase project is configured; one process per data folder.
 */
import type { Backend } from '../backend'
import { createAuthService } from './auth.server'
import { createBannerStore } from './banners.server'
import { type Database, openDatabase } from './db.server'
import { acquireDataDirLock } from './lock.server'
import { createOutboxMailer } from './mailer.server'
import { createMessageStore } from './messages.server'
import { applyMigrations } from './migrations.server'
import { createRateLimitStore } from './rate-limits.server'
import { loadSecret } from './secrets.server'
import { seedDatabase } from './seed.server'
import { createFileStorage } from './storage.server'

export { DataDirLockedError } from './lock.server'
export { readOutbox, type OutboxMail } from './mailer.server'
export { SEED_ADMIN_EMAIL, SEED_STAFF_EMAIL } from './seed.server'
export { sessionCookieName } from './sessions.server'

export interface EmbeddedOptions {
  dataDir: string
  secureCookies: boolean
  /** Echo each outgoing e-mail (with its sign-in code) to the server log. */
  logEmails: boolean
  /** The clock for every stored time and expiry; tests move it. */
  now?: () => Date
  /** Keep the database in memory (tests); files, mail and the lock still use dataDir. */
  inMemory?: boolean
  /**
   * Start from this dump (PGlite's dumpDataDir) of a migrated, seeded database instead of
   * running initdb: about a second faster per database, which tests creating many notice.
   */
  template?: Blob
  /** More admins for a fresh database (SEED_ADMIN_EMAILS; tests). */
  seedAdminEmails?: readonly string[]
  /** A shorter sign-in code life (AUTH_CODE_TTL_SECONDS; tests). */
  codeTtlSeconds?: number
}

export interface EmbeddedInstance {
  backend: Backend
  /** The raw database, for the admin CLI and tests; the app goes through `backend` only. */
  db: Database
}

export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedInstance> {
  const now = options.now ?? (() => new Date())
  const release = acquireDataDirLock(options.dataDir)
  let db: Database | undefined
  try {
    const secret = loadSecret(options.dataDir)
    db = await openDatabase(options)
    const applied = await applyMigrations(db)
    // The prelude is the very first migration: applying it now means the database is new.
    if (applied.some((name) => name.startsWith('embedded/'))) await seedDatabase(db, now(), options.seedAdminEmails)
    const mailer = createOutboxMailer({ dataDir: options.dataDir, logEmails: options.logEmails, now })
    const database = db
    let closed = false
    const backend: Backend = {
      kind: 'embedded',
      banners: createBannerStore(db),
      messages: createMessageStore(db, now),
      auth: createAuthService(db, {
        secret,
        mailer,
        now,
        secureCookies: options.secureCookies,
        codeTtlSeconds: options.codeTtlSeconds,
      }),
      storage: createFileStorage(db, options.dataDir),
      rateLimits: createRateLimitStore(db),
      async close() {
        if (closed) return
        closed = true
        try {
          await database.close()
        } finally {
          release()
        }
      },
    }
    return { backend, db }
  } catch (error) {
    await db?.close().catch(() => {})
    release()
    throw error
  }
}

export async function createEmbeddedBackend(options: EmbeddedOptions): Promise<Backend> {
  return (await openEmbedded(options)).backend
}
