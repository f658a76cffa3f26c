/** The embedded mode: PGlite in DATA_DIR for data and sign-in, the file system for uploads and
 * outgoing mail. The default when nothing is configured; one process per data folder. */
import type { PGlite } from '@electric-sql/pglite'
import { LIMITS } from '~/lib/limits'
import { loadSecret } from '../sql/builtin-auth/secrets.server'
import { builtinAccounts } from '../sql/builtin-accounts.server'
import { createDiskFileStorage } from '../sql/disk-storage.server'
import type { MailOptions } from '../mail/mail-system.server'
import { watchActivity } from '../sql/bounded-steps.server'
import { createMaintenance, logMaintenanceStep, type Maintenance } from '../sql/maintenance.server'
import { pgliteDatabase } from '../sql/pglite.server'
import { builtinAuth, type OpenedBackend, openSqlBackend } from '../sql/sql-backend.server'
import { openPglite } from './db.server'
import { acquireDataDirLock } from './lock.server'

export { DataDirLockedError } from './lock.server'
export { readOutbox, type OutboxMail } from '../mail/outbox.server'
export { SEED_ADMIN_EMAIL, SEED_STAFF_EMAIL } from '../sql/seed.server'
export { sessionCookieName } from '../sql/builtin-auth/sessions.server'

export interface EmbeddedOptions {
  dataDir: string
  secureCookies: boolean
  /** Echo each outgoing e-mail (with its sign-in code) to the server log. */
  logEmails: boolean
  /** The clock for every stored time and expiry; tests move it. */
  now?: () => Date
  /** Keep the database in memory (tests); files, mail and the lock still use dataDir. */
  inMemory?: boolean
  /** Start from this dump (PGlite's dumpDataDir) of a migrated, seeded database instead of running
   * initdb: about a second faster per database, which tests creating many notice. */
  template?: Blob
  /** More admins for a fresh database (SEED_ADMIN_EMAILS; tests). */
  seedAdminEmails?: readonly string[]
  /** A shorter sign-in code life (AUTH_CODE_TTL_SECONDS; tests). */
  codeTtlSeconds?: number
  /** Seed a new folder with the demo admin, staff and messages (default); a restore starts empty. */
  sampleData?: boolean
  /** The mail server and whether this process delivers (the server does; tools and most tests do not). */
  mail?: MailOptions
  /** VACUUM, ANALYZE and expired sessions and codes on a schedule and after bulk changes
   * (docs/decisions/078-embedded-maintenance.md): the server's backend; tools and tests run a pass
   * when they want one. */
  maintenance?: boolean
}

export interface EmbeddedInstance extends OpenedBackend {
  /** PGlite itself, for what only it can do (dumps for test templates). */
  pglite: PGlite
}

export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedInstance> {
  const now = options.now ?? (() => new Date())
  const release = acquireDataDirLock(options.dataDir)
  let pglite: PGlite
  let secret: Buffer
  try {
    secret = loadSecret(options.dataDir)
    pglite = await openPglite(options)
  } catch (error) {
    release()
    throw error
  }
  const raw = pgliteDatabase(pglite)
  let maintenance: Maintenance | undefined
  const activity = options.maintenance ? watchActivity(raw, (rows) => maintenance?.noteWrites(rows)) : undefined
  const db = activity
    ? {
        ...activity.db,
        // The pass under way ends before the database closes.
        close: async () => {
          await maintenance?.close()
          await raw.close()
        },
      }
    : raw
  const opened = await openSqlBackend({
    kind: 'embedded',
    db,
    now,
    schema: { kind: 'migrate', sampleData: options.sampleData ?? true, extraAdmins: options.seedAdminEmails },
    auth: builtinAuth({
      secret: () => secret,
      now,
      secureCookies: options.secureCookies,
      codeTtlSeconds: options.codeTtlSeconds,
    }),
    storage: createDiskFileStorage(db, options.dataDir),
    accounts: builtinAccounts,
    // One process per data folder (the lock): what a dead predecessor left claimed is free at once.
    mail: {
      ...options.mail,
      dataDir: options.dataDir,
      logEmails: options.logEmails,
      exclusive: true,
      // Its look at the queue every few seconds is not the app's: quiet still comes (decision 194).
      workerDb: activity?.background,
    },
    quietFor: activity?.quietFor,
    onClose: release,
  })
  if (activity) {
    maintenance = createMaintenance({
      db: raw,
      now,
      onStep: logMaintenanceStep,
      quietFor: activity.quietFor,
      idleMs: LIMITS.database.maintenanceIdleSeconds * 1000,
      schedule: {
        intervalMs: LIMITS.database.maintenanceIntervalSeconds * 1000,
        quietMs: LIMITS.database.maintenanceQuietSeconds * 1000,
        bulkRows: LIMITS.database.maintenanceBulkRows,
      },
    })
  }
  return { ...opened, pglite }
}
