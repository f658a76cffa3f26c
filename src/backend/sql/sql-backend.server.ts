/**
 * A Backend from the SQL core: banners, messages and rate limits on one database, with the
 * mode's own sign-in and file storage. Every deployment mode is assembled here.
 */
import type { AuthService, Backend, FileStorage } from '../backend'
import { createBannerStore } from './banners.server'
import { createBuiltinAuthService } from './builtin-auth/auth.server'
import type { SqlDatabase } from './client'
import { createInboxEvents } from './inbox-events.server'
import type { CodeMailer, MailSystem } from './mail/mail-system.server'
import { createMessageStore } from './messages.server'
import { createPrivacyService } from './privacy-service.server'
import { createRateLimitStore } from './rate-limits.server'
import { createSpamService } from './spam.server'
import { type PendingMigrations, createBackendStatus } from './status.server'
import { type TeamAccounts, createTeamStore } from './team.server'

export interface SqlBackendParts {
  kind: Backend['kind']
  db: SqlDatabase
  /** The clock for every time the app stores (message dates, code and session expiry); tests move it. */
  now: () => Date
  auth: (db: SqlDatabase) => AuthService
  storage: FileStorage
  /** Outgoing mail: the queue, its worker, notification settings (mail/mail-system.server.ts). */
  mail: MailSystem
  /** Where the team page creates the account of an admin it adds (the built-in users, or Supabase Auth). */
  accounts: TeamAccounts
  /** How /readyz tells the schema is complete: recorded migrations unless said otherwise (supabase). */
  migrations?: PendingMigrations
  /** Runs after the database is closed (say, releasing the data folder's lock). */
  onClose?: () => void | Promise<void>
}

export function createSqlBackend(parts: SqlBackendParts): Backend & { listening(): Promise<void> } {
  const banners = createBannerStore(parts.db)
  const inboxEvents = createInboxEvents(parts.db)
  let closed: Promise<void> | null = null
  return {
    kind: parts.kind,
    banners,
    messages: createMessageStore(parts.db, parts.now, parts.mail),
    auth: parts.auth(parts.db),
    storage: parts.storage,
    rateLimits: createRateLimitStore(parts.db),
    mail: parts.mail.service,
    team: createTeamStore(parts.db, parts.accounts),
    inboxEvents,
    privacy: createPrivacyService(parts.db, parts.now, parts.accounts, parts.mail.log),
    spam: createSpamService(parts.db, parts.now),
    status: createBackendStatus(parts.db, parts.migrations ?? { kind: 'recorded' }),
    listening: banners.listening,
    close() {
      closed ??= (async () => {
        try {
          // First: a delivery under way finishes while the database is still open.
          await parts.mail.close()
          await banners.close()
          await inboxEvents.close()
          await parts.db.close()
        } finally {
          await parts.onClose?.()
        }
      })()
      return closed
    },
  }
}

export interface BuiltinAuthOptions {
  secret: Buffer
  mail: CodeMailer
  now: () => Date
  secureCookies: boolean
  /** A shorter sign-in code life (AUTH_CODE_TTL_SECONDS; tests). */
  codeTtlSeconds?: number
}

export function builtinAuth(options: BuiltinAuthOptions): (db: SqlDatabase) => AuthService {
  return (db) => createBuiltinAuthService(db, options)
}
