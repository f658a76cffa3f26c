/** The one interface through which the app reaches data, auth, files and live events. The mode behind it
 * is read from the environment by env.server.ts and opened by openBackend (open-backend.server.ts). */
import type { AuthUser } from '~/domain/accounts'
import type { ActivityAction, ActivityActor, ActivityEntry, ActivityQuery, ActivityRow } from '~/domain/activity'
import type { LeadNote, LeadPresence, StaffMember, StaffProfile } from '~/domain/leads'

/**
 * The staff member acting, for the activity log: a store method given one writes the log's row in
 * the action's own transaction (nothing when nothing changed).
 */
export type ActedBy = ActivityActor & { action?: ActivityAction }

/** The request an action came from, for the activity log's row. */
export type RequestOrigin = Omit<ActivityActor, 'actor'>
import type { Banner, BannerChange, BannerInput, BannerKey, PublicBanner } from '~/domain/banners'
import type {
  ContactMessage,
  MessageCondition,
  MessagePage,
  MessagePatch,
  MessageQuery,
  NewContactMessage,
} from '~/domain/messages'
import type { Locale } from '~/domain/locales'
import type { ContentDraft, ContentVersionSummary, IndustryImage, SiteContent } from '~/domain/site-content'
import type { ReplyStore, SavedReplyStore } from './reply-stores'
import type { RateLimit } from '~/domain/rate-limits'
import type { SpamCandidate, SpamJudgement } from './spam/judge'
import type { SpamVerdict } from './spam/learn'
import type { NewPageView, StatsQuery, VisitorTraits, VisitStats } from '~/domain/visits'
import type { DestructionRecord, ErasureResult, PersonalDataExport, RetentionPolicy, RetentionRun } from '~/domain/privacy'
import type { AuthResult, RequestContext } from './request-context'
import type { PasskeyStore } from './passkey-store'
import type { BackendStatus } from './status-reading'
import type { SessionEnds, SessionService } from './staff-sessions'

export type { AuthErrorCode, AuthFailure, AuthResult, CookieJar, CookieOptions, RequestContext } from './request-context'
export type { BackendStatus, PoolUse, StatusReading } from './status-reading'

export interface BannerStore {
  /** Public read by key; null when there is no row. */
  getPublic(key: BannerKey): Promise<PublicBanner | null>
  /** Every banner row, ordered by key. */
  list(): Promise<Banner[]>
  /** Upserts by key and sets updated_at; announces each change to subscribers. */
  upsert(input: BannerInput[], by?: ActedBy): Promise<Banner[]>
  /** Sets each banner's image back to its default and announces it. */
  reset(by?: ActedBy): Promise<Banner[]>
  /** Live changes of any banner row; returns the unsubscribe function. */
  subscribe(listener: (change: BannerChange) => void): () => void
}

/** What a save or publish made from an older revision gets instead: the draft as it is now. */
export type ContentConflict = { ok: false; draft: ContentDraft }

/** The landing page's content: a shared draft and published versions (docs/decisions/210-site-content-as-data.md). */
export interface SiteContentStore {
  /** The newest published version; null before the first publish (the page shows the defaults). */
  published(): Promise<{ versionId: number; content: SiteContent; publishedAt: string } | null>
  draft(): Promise<ContentDraft>
  /** Saves the draft if nobody has since `baseRevision`. */
  saveDraft(content: SiteContent, baseRevision: number, by: ActedBy): Promise<{ ok: true; draft: ContentDraft } | ContentConflict>
  /** Publishes `content` and clears the draft, if nobody has saved since `baseRevision`. */
  publish(
    content: SiteContent,
    baseRevision: number,
    by: ActedBy,
  ): Promise<{ ok: true; version: ContentVersionSummary } | ContentConflict>
  /** Publishes the defaults at once, the draft left as it is. */
  publishDefaults(content: SiteContent, by: ActedBy): Promise<{ ok: true; version: ContentVersionSummary } | ContentConflict>
  /** Publishes an earlier version again, as a new version; null when there is no such version. */
  restore(id: number, by: ActedBy): Promise<ContentVersionSummary | null>
  /** Published versions, newest first. */
  versions(limit: number): Promise<ContentVersionSummary[]>
  version(id: number): Promise<SiteContent | null>
  /** Every picture the draft or any version names (with its copies' widths): uploads cleanup must keep. */
  images(): Promise<IndustryImage[]>
  /** A publish made anywhere (its version id); returns the unsubscribe function. */
  subscribe(listener: (versionId: number) => void): () => void
  /** Resolves once publishes made elsewhere are being heard. */
  listening(): Promise<void>
}

export interface MessageStore {
  /** Stores the message and, in the same transaction, queues the admins' notifications of it; with
   * `status: 'spam'` it is stored as spam and queues none. */
  create(input: NewContactMessage, context?: NewMessageContext): Promise<{ id: string; createdAt: string }>
  /** 'trash' lists newest deletion first; every other filter newest arrival first, trash left out. */
  list(query: MessageQuery): Promise<MessagePage>
  get(id: string): Promise<ContactMessage | null>
  /** The messages among `ids` that exist, newest first; ids that are not uuids match nothing. */
  getMany(ids: string[]): Promise<ContactMessage[]>
  /**
   * Applies the same patch to every id (only to those still in `where.status`, when given);
   * returns the rows changed, newest first.
   */
  update(ids: string[], patch: MessagePatch, where?: MessageCondition, by?: ActedBy): Promise<ContactMessage[]>
  /** Deletes for good, in the trash or not (tests, tools); returns how many rows were removed. */
  remove(ids: string[]): Promise<number>
  /** Moves to the trash (deleted_at = now) the ids not there yet; returns them, newest first. */
  trash(ids: string[], by?: ActedBy): Promise<ContactMessage[]>
  /** Takes out of the trash the ids in it, their status unchanged; returns them, newest first. */
  restore(ids: string[], by?: ActedBy): Promise<ContactMessage[]>
  /** Deletes for good the ids that are in the trash (no other); returns how many went. */
  purge(ids: string[], by?: ActedBy): Promise<number>
  /** Deletes for good everything in the trash; returns how many went. */
  emptyTrash(by?: ActedBy): Promise<number>
  /** Status 'spam' for the ids not in the trash and not spam yet (their unsent notifications are cancelled). */
  markSpam(ids: string[], by?: ActedBy): Promise<ContactMessage[]>
  /**
   * Status 'new' (unread) for the ids that are spam and not in the trash, and, in the same
   * transaction, the admins' notifications of each, as if it had just arrived.
   */
  markNotSpam(ids: string[], context?: NewMessageContext, by?: ActedBy): Promise<ContactMessage[]>
}

/** Where the message came from, for the notifications it causes. */
export interface NewMessageContext {
  /** The origin of the notifications' link to the message; null: no link (docs/decisions/090-mail.md). */
  linkOrigin: string | null
}

export interface AuthService {
  /**
   * Sends a one-time code to an existing user; never creates one. `from`: the visitor asking.
   * `deliveryId`: the code's e-mail is queued for an SMTP server, and mail.codeDelivery follows it.
   */
  sendCode(
    email: string,
    from?: Pick<RequestContext, 'clientAddress' | 'codeBrowser'>,
  ): Promise<AuthResult<{ deliveryId?: string }>>
  /** Checks the code and, when right, starts a session in the request's cookies. */
  verifyCode(ctx: RequestContext, email: string, code: string): Promise<AuthResult<{ user: AuthUser }>>
  /** The signed-in user, refreshing the session cookies as needed; null when none. */
  getUser(ctx: RequestContext): Promise<AuthUser | null>
  /** Ends the session on the server and clears its cookies. */
  signOut(ctx: RequestContext): Promise<void>
  isAdmin(email: string): Promise<boolean>
  sessions: SessionService
  /** Starts a session for a member a passkey has just proven (no code); fails if there is no account. */
  startVerifiedSession(ctx: RequestContext, email: string): Promise<AuthResult<{ user: AuthUser }>>
}

export interface StoredFile {
  bytes: Uint8Array
  contentType: string
  cacheControlSeconds: number
}

export interface FileStorage {
  /** Stores a file under `name` in the bucket without overwriting; returns its public URL. */
  upload(input: {
    name: string
    bytes: Uint8Array
    contentType: string
    cacheControlSeconds: number
  }): Promise<{ publicUrl: string }>
  /** Reads a stored file for the app to serve; null when there is none (embedded only serves). */
  read(name: string): Promise<StoredFile | null>
  /** Deletes the files stored before `storedBefore` whose public URLs are not in `keepUrls` (uploads
   * nobody saved, images no banner shows any more); returns their names. */
  removeUnused(input: { keepUrls: readonly string[]; storedBefore: Date }): Promise<string[]>
}

/** Rate limits kept in the database, so they survive restarts and hold across server instances
 * (docs/decisions/021-rate-limits.md). A key names the limit and its subject, e.g.
 * `contactPerIp:203.0.113.9`. Each call is atomic per key, whatever runs concurrently. */
export interface RateLimitStore {
  /** Seconds to wait when `key` is over the limit (nothing is recorded), else 0 after recording the hit. */
  hit(key: string, limit: RateLimit): Promise<number>
  /** Seconds to wait, without recording anything: to check several limits before counting any. */
  check(key: string, limit: RateLimit): Promise<number>
  /** Forgets every hit on `key` (say, an address's failed sign-ins once one succeeds). */
  reset(key: string): Promise<void>
}

/** An address on the admin list (public.admin_emails). */
export interface TeamMember {
  email: string
  addedAt: string
  role: StaffRole
}

/** 'owner' (Sahip): also the team, roles, KVKK, the activity log, backups; 'admin' (Yönetici): the daily work. */
export type StaffRole = 'owner' | 'admin'

/** One change of the admin list; `actor` is the admin who made it, null outside the app (CLI, SQL). */
export interface TeamChange {
  id: string
  action: 'added' | 'removed'
  email: string
  actor: string | null
  at: string
}

/** Why a removal was refused: the caller's own address, the only admin left, or not on the list. */
export type TeamRemovalRefusal = 'self' | 'last_admin' | 'last_owner' | 'not_admin'

/** The admin list as the team page changes it. Changes run one at a time (a database lock, across
 * instances) and each is recorded with its actor by the database itself. */
export interface TeamStore {
  /** Every admin, by address. */
  list(): Promise<TeamMember[]>
  /** The latest `limit` changes, newest first. */
  history(limit: number): Promise<TeamChange[]>
  /** Puts the address on the list, creating its account where the mode keeps them when it has none. */
  add(email: string, actor: string, from?: RequestOrigin): Promise<{ added: boolean; accountCreated: boolean }>
  /** Takes the address off the list (the account stays); never the actor's own, never the last one. */
  remove(email: string, actor: string, from?: RequestOrigin): Promise<{ ok: true } | { ok: false; reason: TeamRemovalRefusal }>
  /** The address's role, null when it is not on the list. */
  roleOf(email: string): Promise<StaffRole | null>
  /** Changes a role under the same lock as removal and erasure: never the last owner's to 'admin'. */
  setRole(
    email: string,
    role: StaffRole,
    actor: string,
    from?: RequestOrigin,
  ): Promise<{ ok: true; changed: boolean } | { ok: false; reason: 'last_owner' | 'not_admin' }>
}

/** A change of public.contact_messages as the database announces it: what happened, to how many rows, nothing more. */
export interface InboxChange {
  op: 'insert' | 'update' | 'delete' | 'truncate'
  count: number
}

/** Changes of the inbox made anywhere (any instance, the CLI, SQL), for open inboxes. */
export interface InboxEvents {
  /** Resolves, with the unsubscribe function, once changes are being heard. */
  subscribe(listener: (change: InboxChange) => void): Promise<() => void>
}

/** An admin's choice about new-message e-mails; the defaults (on, Turkish) until they save one. */
export interface NotificationSettings {
  /** E-mail me about each new contact message (a flood becomes one digest). */
  newMessages: boolean
  /** The language of those e-mails. */
  locale: Locale
}

/** What the owners are e-mailed about at once (decision 231). */
export type OwnerAlert =
  /** `count` wrong codes in a row for the staff address `email`. */
  | { kind: 'sign_in_failures'; email: string; count: number }
  /** `email` exported `count` messages as CSV. */
  | { kind: 'large_export'; email: string; count: number }
  /** `actor` changed the team: `email` was added, removed, promoted, demoted or erased. */
  | { kind: 'team_change'; change: 'added' | 'removed' | 'promoted' | 'demoted' | 'erased'; email: string; actor: string }

/** A sign-in code e-mail as the login page may know it: waiting, taken by the mail server, or given up. */
export type CodeDeliveryState = 'queued' | 'sent' | 'failed'

/** Outgoing mail (docs/decisions/090-mail.md): a queue in the database, delivered by one worker at a
 * time across instances, to SMTP_URL's server or, without one, to outbox.jsonl and the log. */
export interface MailService {
  readonly delivery: 'smtp' | 'outbox'
  /** The state of the code e-mail that sendCode returned `id` for; null for any other id. */
  codeDelivery(id: string): Promise<CodeDeliveryState | null>
  settings(adminEmail: string): Promise<NotificationSettings>
  /** Stores the admin's settings; returns them as stored. */
  saveSettings(adminEmail: string, settings: NotificationSettings): Promise<NotificationSettings>
  /** E-mails every owner about `alert`; returns how many mails were queued. */
  alertOwners(alert: OwnerAlert): Promise<number>
  /**
   * Stops delivering in this process (the server is shutting down), after the mail under way;
   * what waits stays queued for the next start or another instance.
   */
  stop(): Promise<void>
}

/** KVKK (docs/kvkk.md): the retention job and its destruction records, and one person's data found,
 * exported or erased by address. Every mode, the same SQL. */
export interface PrivacyService {
  /** Destroys what is past the policy's periods, one instance at a time; records what it destroyed. */
  runRetention(policy: RetentionPolicy): Promise<RetentionRun>
  /** The newest destruction records first. */
  records(limit: number): Promise<DestructionRecord[]>
  /** Everything that names the address (a valid, normalised one); empty lists when nothing does. */
  exportData(email: string): Promise<PersonalDataExport>
  /** Erases all of it for good and records the request; never `actor`'s own address, never the last admin. */
  erase(email: string, options: { via: 'cli' | 'staff'; actor?: string; from?: RequestOrigin }): Promise<ErasureResult>
}

/** The spam filter (docs/spam.md, docs/decisions/110-spam-filter.md): every layer runs on this
 * server, and what staff teach it is kept per site in the database. */
export interface SpamService {
  /** Weighs a contact message before it is stored; records its text's trace for the repeat rule. */
  judge(candidate: SpamCandidate): Promise<SpamJudgement>
  /** Staff's correction ('Spam' or 'Spam Değil'): the messages' words are counted under the verdict
   * (moved, when they were learned the other way before), the sender's address is remembered and,
   * on 'ham', the sender's domain unless it is a free-mail one. */
  learn(messages: ContactMessage[], verdict: SpamVerdict): Promise<void>
  /** The key that signs the contact form's time stamp, the same for every instance. */
  stampKey(): Promise<Buffer>
}

/**
 * Page views counted without cookies (docs/decisions/250-cookieless-visit-stats.md): the visitor
 * is a hash of the day's salt, the site, the address and the user agent; only the hash is stored.
 */
export interface VisitStore {
  /** Stores one page view of today; false when its id was recorded already. */
  record(view: NewPageView, visitor: VisitorTraits): Promise<boolean>
  /** Queues one page view of today, stored with others within LIMITS.visits.flushMs; false when the queue is full. */
  enqueue(view: NewPageView, visitor: VisitorTraits): Promise<boolean>
  /** Stores the queued views now. */
  flush(): Promise<void>
  /** Stores the queued views and takes no more (the backend's close). */
  close(): Promise<void>
  /** The reader left the view after `seconds` (kept when longer than before); false for no such recent view. */
  leave(id: string, seconds: number): Promise<boolean>
  /**
   * The key the beacon's rate limit counts an address under: hashed with the day's salt, so the
   * address itself is never kept, not even in memory.
   */
  addressKey(ip: string): Promise<string>
  /** The statistics page's figures; a messages count of -1 when the filter names what messages do not record. */
  stats(query: StatsQuery): Promise<VisitStats>
}

/**
 * The activity log (docs/decisions/230-activity-log.md): append-only, one row per staff action.
 * An action the SQL core runs writes its row in its own transaction (sql/activity.server.ts,
 * recordActivity); `record` is for what changes nothing else (a sign-in, opening a message).
 */
export interface ActivityLog {
  /** Writes one row in a transaction of its own. */
  record(entry: ActivityEntry): Promise<void>
  /** The rows naming the message (its history), newest first; none for an id that is not a uuid. */
  forMessage(messageId: string, limit?: number): Promise<ActivityRow[]>
  /** A page of the whole log, newest first, filtered. */
  list(query: ActivityQuery): Promise<ActivityRow[]>
}

/** Working leads as a team (docs/decisions/240-leads-as-a-team.md): names, owners, internal notes. */
export interface LeadService {
  /** The team by name (the address where none is set), for owners, mentions and history. */
  staff(): Promise<StaffMember[]>
  profile(email: string): Promise<StaffProfile>
  /** Null when the address is not on the team. */
  saveProfile(email: string, profile: { name: string | null; signature: string | null }): Promise<StaffProfile | null>
  /** Sets or clears a lead's owner; mails a colleague it is handed to (not for spam or the trash). */
  assign(input: {
    id: string
    owner: string | null
    actor: string
    linkOrigin: string | null
  }): Promise<{ ok: true; changed: boolean; mailed: boolean } | { ok: false; reason: 'not_member' | 'not_found' }>
  /** A lead's notes, oldest first. */
  notes(messageId: string): Promise<LeadNote[]>
  /** Null when the lead is gone; mails each colleague the note mentions. */
  addNote(input: { messageId: string; actor: string; body: string; linkOrigin: string | null }): Promise<LeadNote | null>
  /** Only the author's own, within NOTE_DELETE_MINUTES; false otherwise. */
  deleteNote(input: { id: string; actor: string }): Promise<boolean>
  /** Tells every instance who has a lead open (or is writing a reply); nothing is stored. */
  announce(presence: LeadPresence): Promise<void>
  /** Resolves, with the unsubscribe function, once presence is being heard. */
  subscribePresence(listener: (presence: LeadPresence) => void): Promise<() => void>
}

/**
 * embedded: PGlite in DATA_DIR, built-in sign-in, uploads on disk (nothing configured).
 * postgres: a PostgreSQL server (DATABASE_URL), built-in sign-in, uploads in the database.
 * supabase: its database (DATABASE_URL) for data, Supabase Auth and Storage.
 */
export type DeploymentMode = 'embedded' | 'postgres' | 'supabase'

export interface Backend {
  readonly kind: DeploymentMode
  banners: BannerStore
  content: SiteContentStore
  messages: MessageStore
  replies: ReplyStore
  savedReplies: SavedReplyStore
  auth: AuthService
  storage: FileStorage
  rateLimits: RateLimitStore
  mail: MailService
  team: TeamStore
  leads: LeadService
  inboxEvents: InboxEvents
  sessionEnds: SessionEnds
  privacy: PrivacyService
  activity: ActivityLog
  passkeys: PasskeyStore
  spam: SpamService
  visits: VisitStore
  status: BackendStatus
  close(): Promise<void>
}
