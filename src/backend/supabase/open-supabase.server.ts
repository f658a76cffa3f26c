/** The supabase mode: the project's PostgreSQL (DATABASE_URL) for data through the SQL core,
 * Supabase Auth for sign-in codes and cookie sessions, Supabase Storage for banner images.
 * Migrations are `supabase db push`'s job; the server only checks they were applied. */
import { LIMITS } from '~/lib/limits'
import { isAdminEmail } from '../sql/admins.server'
import type { MailOptions } from '../mail/mail-system.server'
import { pgDatabase } from '../sql/pg.server'
import { type OpenedBackend, openSqlBackend } from '../sql/sql-backend.server'
import { supabaseAccounts } from './supabase-accounts.server'
import { createAuthService } from './supabase-auth-service.server'
import type { SupabaseBackendOptions } from './options.server'
import { createFileStorage } from './storage.server'

export type { SupabaseBackendOptions } from './options.server'
export { SupabaseAuthUnavailableError } from './supabase-auth-service.server'

/** Mail in the supabase mode: notifications only (Supabase Auth sends the codes); the outbox, without SMTP, in `dataDir`. */
export interface SupabaseMailOptions extends MailOptions {
  dataDir: string
  logEmails: boolean
}

export type SupabaseInstance = OpenedBackend

export function openSupabase(
  options: SupabaseBackendOptions & { databaseUrl: string; listenUrl?: string; mail?: SupabaseMailOptions },
): Promise<SupabaseInstance> {
  const db = pgDatabase({
    url: options.databaseUrl,
    listenUrl: options.listenUrl,
    maxConnections: LIMITS.database.poolMax,
    applicationName: 'pusula-site',
  })
  return openSqlBackend({
    kind: 'supabase',
    db,
    now: () => new Date(),
    schema: { kind: 'check' },
    auth: (sql) => createAuthService(options, (email) => isAdminEmail(sql, email)),
    storage: createFileStorage(options),
    // The team page creates accounts as `npm run users` does: Auth's admin API, service role.
    accounts: () => supabaseAccounts(options),
    mail: { dataDir: '.data', logEmails: false, ...options.mail, exclusive: false },
  })
}
