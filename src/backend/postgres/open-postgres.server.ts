/** The postgres mode: any PostgreSQL ≥ 15 (DATABASE_URL) for data, the built-in sign-in's codes and
 * sessions, and uploaded files, so any number of server instances can share it. */
import { LIMITS } from '~/lib/limits'
import { builtinAccounts } from '../sql/builtin-accounts.server'
import { loadDatabaseSecret } from '../sql/builtin-auth/secrets.server'
import { createDatabaseFileStorage } from '../sql/database-storage.server'
import type { MailOptions } from '../mail/mail-system.server'
import { pgDatabase } from '../sql/pg.server'
import { builtinAuth, type OpenedBackend, openSqlBackend } from '../sql/sql-backend.server'

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

export type PostgresInstance = OpenedBackend

export function openPostgres(options: PostgresOptions): Promise<PostgresInstance> {
  const now = options.now ?? (() => new Date())
  const db = pgDatabase({
    url: options.url,
    listenUrl: options.listenUrl,
    maxConnections: LIMITS.database.poolMax,
    applicationName: 'pusula-site',
  })
  return openSqlBackend({
    kind: 'postgres',
    db,
    now,
    // Production starts with no demo data: only the admins SEED_ADMIN_EMAILS names.
    schema: { kind: 'migrate', sampleData: false, extraAdmins: options.seedAdminEmails },
    auth: builtinAuth({
      secret: loadDatabaseSecret,
      now,
      secureCookies: options.secureCookies,
      codeTtlSeconds: options.codeTtlSeconds,
    }),
    storage: createDatabaseFileStorage(db),
    accounts: builtinAccounts,
    mail: { ...options.mail, dataDir: options.dataDir, logEmails: options.logEmails, exclusive: false },
  })
}
