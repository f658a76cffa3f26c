/**
 * The postgres mode: any PostgreSQL ≥ 15 (DATABASE_URL) for data, the built-in sign-in's codes
 * and sessions, and uploaded files, so any number of server instances can share it. Each instance
 * applies pending migrations at start (one at a time, under an advisory lock); banner changes
 * reach every instance through LISTEN/NOTIFY.
 */
import type { Backend } from '../backend'
import { chooseTransport } from '../mail/transport.server'
import { loadDatabaseSecret } from '../sql/builtin-auth/secrets.server'
import type { SqlDatabase } from '../sql/client'
import { createDatabaseFileStorage } from '../sql/database-storage.server'
import { applyMigrations } from '../sql/migrations.server'
import { pgDatabase } from '../sql/pg.server'
import { seedDatabase } from '../sql/seed.server'
import { createMailSystem, type MailOptions, type MailSystem } from '../sql/mail/mail-system.server'
import { builtinAuth, createSqlBackend } from '../sql/sql-backend.server'
import { builtinTeamAccounts } from '../sql/team.server'
import { LIMITS } from '~/lib/limits'

export interface PostgresOptions {
  url: string
  listenUrl?: string
  /** Where outgoing mail is written (outbox.jsonl) while no mail server is configured. */
  dataDir: string
  secureCookies: boolean
  logEmails: boolean
  now?: () => Date
  /** Admins to add when this start created the database's schema (SEED_ADMIN_EMAILS). */
  seedAdminEmails?: readonly string[]
  codeTtlSeconds?: number
  /** The mail server and whether this process delivers (the server does; tools and most tests do not). */
  mail?: MailOptions
}

export interface PostgresInstance {
  backend: Backend
  db: SqlDatabase
}

export async function openPostgres(options: PostgresOptions): Promise<PostgresInstance> {
  const now = options.now ?? (() => new Date())
  const db = pgDatabase({
    url: options.url,
    listenUrl: options.listenUrl,
    maxConnections: LIMITS.database.poolMax,
    applicationName: 'pusula-site',
  })
  let mail: MailSystem | undefined
  try {
    const applied = await applyMigrations(db)
    if (applied.some((name) => name.startsWith('embedded/0001'))) {
      await seedDatabase(db, now(), { sampleData: false, extraAdmins: options.seedAdminEmails })
    }
    mail = await createMailSystem({
      db,
      now,
      transport: chooseTransport({ smtp: options.mail?.smtp, dataDir: options.dataDir, logEmails: options.logEmails, now }),
      worker: options.mail?.worker ?? false,
      floodMax: options.mail?.floodMax,
      exclusive: false,
    })
    const backend = createSqlBackend({
      kind: 'postgres',
      db,
      now,
      auth: builtinAuth({
        secret: await loadDatabaseSecret(db),
        mail: mail.codes,
        now,
        secureCookies: options.secureCookies,
        codeTtlSeconds: options.codeTtlSeconds,
      }),
      storage: createDatabaseFileStorage(db),
      mail,
      accounts: builtinTeamAccounts,
    })
    await backend.listening()
    return { backend, db }
  } catch (error) {
    await mail?.close().catch(() => {})
    await db.close().catch(() => {})
    throw error
  }
}
