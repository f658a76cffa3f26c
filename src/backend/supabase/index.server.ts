/**
 * The supabase mode: the project's PostgreSQL (DATABASE_URL) for data through the SQL core,
 * Supabase Auth for sign-in codes and cookie sessions, Supabase Storage for banner images.
 * Migrations are `supabase db push`'s job; the server only checks they were applied.
 */
import type { Backend } from '../backend'
import { isAdminEmail } from '../sql/admins.server'
import type { SqlDatabase } from '../sql/client'
import { REQUIRED_TABLES, missingTables } from '../sql/migrations.server'
import { pgDatabase } from '../sql/pg.server'
import { createMailSystem, type MailOptions, type MailSystem } from '../sql/mail/mail-system.server'
import { createSqlBackend } from '../sql/sql-backend.server'
import { chooseTransport } from '../mail/transport.server'
import { createAuthService } from './auth.server'
import type { SupabaseBackendOptions } from './options.server'
import { createFileStorage } from './storage.server'
import { supabaseAccounts } from './tools.server'
import { LIMITS } from '~/lib/limits'

export type { SupabaseBackendOptions } from './options.server'
export { SupabaseAuthUnavailableError } from './auth.server'

export class SchemaMissingError extends Error {
  override name = 'SchemaMissingError'
  constructor(readonly tables: string[]) {
    super(
      `The database has no ${tables.join(', ')}: apply supabase/migrations to the project first ` +
        '(npx supabase link, then npx supabase db push; see docs/supabase.md).',
    )
  }
}

/** Mail in the supabase mode: notifications only (Supabase Auth sends the codes); the outbox, without SMTP, in `dataDir`. */
export interface SupabaseMailOptions extends MailOptions {
  dataDir: string
  logEmails: boolean
}

export interface SupabaseInstance {
  backend: Backend
  db: SqlDatabase
}

export async function openSupabase(
  options: SupabaseBackendOptions & { databaseUrl: string; listenUrl?: string; mail?: SupabaseMailOptions },
): Promise<SupabaseInstance> {
  const db = pgDatabase({
    url: options.databaseUrl,
    listenUrl: options.listenUrl,
    maxConnections: LIMITS.database.poolMax,
    applicationName: 'pusula-site',
  })
  let mail: MailSystem | undefined
  try {
    const missing = await missingTables(db)
    if (missing.length > 0) throw new SchemaMissingError(missing)
    const now = () => new Date()
    const mailOptions = options.mail ?? { dataDir: '.data', logEmails: false }
    mail = await createMailSystem({
      db,
      now,
      transport: chooseTransport({ ...mailOptions, now }),
      worker: mailOptions.worker ?? false,
      floodMax: mailOptions.floodMax,
      exclusive: false,
    })
    const backend = createSqlBackend({
      kind: 'supabase',
      db,
      now,
      auth: (sql) => createAuthService(options, (email) => isAdminEmail(sql, email)),
      storage: createFileStorage(options),
      mail,
      // The team page creates accounts as `npm run users` does: Auth's admin API, service role.
      accounts: supabaseAccounts(options),
      migrations: { kind: 'tables', required: REQUIRED_TABLES },
    })
    await backend.listening()
    return { backend, db }
  } catch (error) {
    await mail?.close().catch(() => {})
    await db.close().catch(() => {})
    throw error
  }
}

export async function createSupabaseBackend(
  options: SupabaseBackendOptions & { databaseUrl: string; listenUrl?: string; mail?: SupabaseMailOptions },
): Promise<Backend> {
  return (await openSupabase(options)).backend
}
