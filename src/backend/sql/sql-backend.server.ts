/** Opens a Backend on the SQL core: banners, messages, rate limits and mail on one database, with
 * the mode's own sign-in, file storage and accounts (decision 075). */
import type { AuthService, Backend, FileStorage } from '../backend'
import { listActivity, listActivityForMessage, recordActivity, recordOpening } from './activity.server'
import { chooseTransport } from '../mail/transport.server'
import type { Accounts } from './builtin-accounts.server'
import { createBannerStore } from './banners.server'
import { createBuiltinAuthService } from './builtin-auth/builtin-auth-service.server'
import type { SqlDatabase } from './client'
import { createInboxEvents } from './inbox-events.server'
import { createSessionEnds } from './session-ends.server'
import { type CodeMailer, createMailSystem, type MailOptions, type MailSystem } from '../mail/mail-system.server'
import { createMessageStore } from './messages.server'
import { applyMigrations, missingTables, REQUIRED_TABLES, SchemaMissingError } from './migrations.server'
import { createPasskeyStore } from './passkeys.server'
import { createPrivacyService } from './privacy-service.server'
import { createRateLimitStore } from './rate-limits.server'
import { createReplyStore } from './replies.server'
import { createSavedReplyStore } from './saved-replies.server'
import { seedDatabase } from './seed.server'
import { createSiteContentStore } from './site-content.server'
import { createSpamService } from './spam.server'
import { createBackendStatus } from './backend-status.server'
import { createLeadService } from './leads.server'
import { createTeamStore } from './team.server'
import { createVisitStore } from './visits.server'
import { LIMITS } from '~/lib/limits'

/** The database and the backend on it; the app goes through `backend` only, the tools and tests also use `db`. */
export interface OpenedBackend {
  backend: Backend
  db: SqlDatabase
}

export interface SqlBackendParts {
  kind: Backend['kind']
  /** The driver, connected: PGlite (embedded) or a pool of `pg` connections. */
  db: SqlDatabase
  /** The clock for every time the app stores (message dates, code and session expiry); tests move it. */
  now: () => Date
  /** `migrate` (embedded, postgres): apply what is pending, and seed a database this start created.
   * `check` (supabase, where `supabase db push` migrates): fail unless the tables are there. */
  schema: { kind: 'migrate'; sampleData: boolean; extraAdmins?: readonly string[] } | { kind: 'check' }
  /** The mode's sign-in, once the schema is there; `codes` mails the built-in sign-in's codes. */
  auth: (db: SqlDatabase, codes: CodeMailer) => AuthService | Promise<AuthService>
  storage: FileStorage
  /** Where the team page and `npm run users` create accounts (the built-in users, or Supabase Auth). */
  accounts: (db: SqlDatabase) => Accounts
  mail: MailOptions & {
    /** Where outbox.jsonl is written while no mail server is configured. */
    dataDir: string
    /** Echo each outgoing e-mail (with its sign-in code) to the server log. */
    logEmails: boolean
    /** The only process on the database (embedded): its worker takes over at once after a crash. */
    exclusive: boolean
    /** The worker's database, if not `db` (embedded: one whose polling is not the app's activity). */
    workerDb?: SqlDatabase
  }
  /** Milliseconds since the app's last query, 0 while one is in flight (embedded: watchActivity):
   * the retention job's batches let the app's queries under way finish first. */
  quietFor?: () => number
  /** Runs after the database is closed, or after a failed open (say, releasing the data folder's lock). */
  onClose?: () => void | Promise<void>
}

/** Migrates (or checks) the schema, starts the mail system, assembles the backend and waits until it
 * hears banner changes. On failure, whatever was started is stopped and the database closed. */
export async function openSqlBackend(parts: SqlBackendParts): Promise<OpenedBackend> {
  const { db, now, schema } = parts
  let mail: MailSystem | undefined
  let backend: ReturnType<typeof assemble> | undefined
  try {
    if (schema.kind === 'migrate') {
      const applied = await applyMigrations(db)
      // The prelude is the very first migration: applying it now means the database is new.
      if (applied.some((name) => name.startsWith('embedded/0001'))) {
        await seedDatabase(db, now(), { sampleData: schema.sampleData, extraAdmins: schema.extraAdmins })
      }
    } else {
      const missing = await missingTables(db)
      if (missing.length > 0) throw new SchemaMissingError(missing)
    }
    mail = await createMailSystem({
      db,
      now,
      transport: chooseTransport({ ...parts.mail, now }),
      worker: parts.mail.worker ?? false,
      floodMax: parts.mail.floodMax,
      imap: parts.mail.imap,
      reminders: parts.mail.reminders,
      exclusive: parts.mail.exclusive,
      workerDb: parts.mail.workerDb,
    })
    backend = assemble(parts, mail, await parts.auth(db, mail.codes))
    await backend.listening()
    return { backend, db }
  } catch (error) {
    if (backend) await backend.close().catch(() => {})
    else {
      await mail?.service.stop().catch(() => {})
      await db.close().catch(() => {})
      await parts.onClose?.()
    }
    throw error
  }
}

function assemble(parts: SqlBackendParts, mail: MailSystem, auth: AuthService): Backend & { listening(): Promise<void> } {
  const { db, now } = parts
  const accounts = parts.accounts(db)
  const banners = createBannerStore(db)
  const content = createSiteContentStore(db)
  const inboxEvents = createInboxEvents(db)
  const sessionEnds = createSessionEnds(db)
  const leads = createLeadService(db, now, () => mail.kick())
  const visits = createVisitStore(db, now)
  let closed: Promise<void> | null = null
  return {
    kind: parts.kind,
    banners,
    content,
    messages: createMessageStore(db, now, mail),
    replies: createReplyStore(db, now, mail.kick),
    savedReplies: createSavedReplyStore(db, now),
    auth,
    storage: parts.storage,
    rateLimits: createRateLimitStore(db),
    mail: mail.service,
    team: createTeamStore(db, accounts, { now, kick: mail.kick }),
    leads,
    inboxEvents,
    sessionEnds,
    privacy: createPrivacyService(
      db,
      now,
      accounts,
      mail.log,
      { exclusive: parts.mail.exclusive, quietFor: parts.quietFor },
      { kick: mail.kick },
    ),
    activity: {
      record: (entry) =>
        entry.action === 'message.open'
          ? recordOpening(db, { ...entry, at: entry.at ?? now() }, LIMITS.activity.openRecordSeconds)
          : recordActivity(db, { ...entry, at: entry.at ?? now() }),
      forMessage: (messageId, limit = LIMITS.activity.pageSize) => listActivityForMessage(db, messageId, limit),
      list: (query) => listActivity(db, query),
    },
    passkeys: createPasskeyStore(db, now),
    spam: createSpamService(db, now),
    visits,
    status: createBackendStatus(
      db,
      parts.schema.kind === 'migrate' ? { kind: 'recorded' } : { kind: 'tables', required: REQUIRED_TABLES },
    ),
    listening: async () => {
      await Promise.all([banners.listening(), content.listening()])
    },
    close() {
      closed ??= (async () => {
        try {
          // First: a delivery under way finishes while the database is still open.
          await mail.service.stop()
          await banners.close()
          await content.close()
          await inboxEvents.close()
          await sessionEnds.close()
          await leads.close()
          // The page views the beacons were answered for, before the database closes.
          await visits.close()
          await db.close()
        } finally {
          await parts.onClose?.()
        }
      })()
      return closed
    },
  }
}

/** The built-in sign-in (embedded and postgres modes): one-time codes by mail, sessions in the database. */
export function builtinAuth(options: {
  /** The key sessions and codes are hashed with (a file in DATA_DIR, or a row of the database). */
  secret: (db: SqlDatabase) => Buffer | Promise<Buffer>
  now: () => Date
  secureCookies: boolean
  /** A shorter sign-in code life (AUTH_CODE_TTL_SECONDS; tests). */
  codeTtlSeconds?: number
}): SqlBackendParts['auth'] {
  return async (db, codes) =>
    createBuiltinAuthService(db, {
      secret: await options.secret(db),
      mail: codes,
      now: options.now,
      secureCookies: options.secureCookies,
      codeTtlSeconds: options.codeTtlSeconds,
    })
}
