/**
 * KVKK's domain (docs/kvkk.md): what the retention job destroys and records, and what one
 * person's data looks like when it is exported or erased. Imports nothing of the app.
 */
import type { LeadSource } from './visits'

export const DESTRUCTION_CATEGORIES = [
  'messages',
  'trash',
  'spam',
  'ip_addresses',
  'mail',
  'rate_limits',
  'destruction_records',
  'page_views',
  'visit_salts',
  'activity_log',
] as const
export type DestructionCategory = (typeof DESTRUCTION_CATEGORIES)[number]

/** One category of one retention run: what was destroyed, how many, how. No personal data. */
export interface DestructionRecord {
  id: string
  at: string
  category: DestructionCategory
  method: 'deletion' | 'anonymization'
  count: number
}

/** The periods in force, in days (records in years). */
export interface RetentionPolicy {
  messageDays: number
  ipDays: number
  trashDays: number
  spamDays: number
  recordYears: number
  /** Raw page views (VISIT_RAW_DAYS); left out: the default, 30. */
  visitRawDays?: number
  /** The activity log's rows (ACTIVITY_RETENTION_DAYS); 730 when not given. */
  activityDays?: number
}

/** What a retention run did; `ran` is false when another instance held the lock. */
export interface RetentionRun {
  ran: boolean
  records: Omit<DestructionRecord, 'id'>[]
}

export interface ExportedMessage {
  id: string
  name: string
  email: string
  message: string
  status: string
  createdAt: string
  readAt: string | null
  ipAddress: string | null
  /** In the trash since then; null when not in it. */
  deletedAt: string | null
  /** Where the message came from (referrer host, landing page, UTM values); null when unknown. */
  leadSource: LeadSource | null
}

export interface ExportedReply {
  id: string
  messageId: string
  kind: string
  author: string | null
  locale: string
  body: string
  delivery: string | null
  createdAt: string
  sentAt: string | null
}

/** Everything the app holds that names one address, as one JSON document. */
export interface PersonalDataExport {
  email: string
  generatedAt: string
  messages: ExportedMessage[]
  /** The threads of those messages (staff's replies, the visitor's answers), and replies the address wrote as staff. */
  replies: ExportedReply[]
  admin: {
    onList: boolean
    addedAt: string | null
    notificationSettings: { newMessages: boolean; locale: string } | null
    /** Changes of the admin list naming the address, as the changed address or as who made the change. */
    changes: { action: string; email: string; actor: string | null; at: string }[]
  }
  /** The built-in sign-in's account (embedded and postgres modes); null when there is none. */
  account: {
    createdAt: string
    sessions: number
    pendingCodes: number
    /** Each open session as 'Oturumlar' shows it: browser, approximate place, when. */
    openSessions: { userAgent: string | null; place: string | null; createdAt: string; lastActiveAt: string }[]
  } | null
  mail: { kind: string; recipient: string; status: string; createdAt: string; sentAt: string | null; messageId: string | null }[]
  /** Delivered mail kept on disk (outbox.jsonl without an SMTP server) naming the address. */
  loggedMail: { to: string; subject: string; text: string; sentAt: string }[]
  /** Rate-limit records keyed by the address (sign-in code requests, verify attempts). */
  rateLimits: { key: string; at: string }[]
  /** Earlier erasure requests for the address, recognised by its keyed hash. */
  erasureRequests: { at: string; via: string }[]
  /** What the spam filter keeps about the address: staff's word on it as a sender, and how many
   * traces of its recent texts the repeat rule holds (docs/spam.md). */
  spamFilter: { senderVerdict: 'spam' | 'ham' | null; recentTexts: number }
  /** Rows of the activity log naming the address, as the staff member who acted or as whom it was about. */
  activity: { at: string; actor: string; action: string; subject: string | null; messageIds: string[] }[]
  /** Staff's internal notes on the address's messages, and the notes the address wrote as staff. */
  leadNotes: { messageId: string; author: string; body: string; createdAt: string }[]
  /** 'Adınız' and 'İmza', when the address is a staff member who set them. */
  staffProfile: { name: string | null; signature: string | null } | null
  /** A staff member's passkeys: their names and dates (the public keys are no one's personal data). */
  passkeys: { name: string; createdAt: string; lastUsedAt: string | null }[]
}

export const ERASED_KINDS = [
  'messages',
  'adminEntries',
  'adminChanges',
  'notificationSettings',
  'accounts',
  'mail',
  'loggedMail',
  'rateLimits',
  'spamFilter',
] as const
export type ErasedKind = (typeof ERASED_KINDS)[number]
export type ErasureCounts = Record<ErasedKind, number>

export type ErasureRefusal = 'self' | 'last_admin' | 'last_owner'

export type ErasureResult =
  | { ok: true; counts: ErasureCounts; total: number /** An erasure of the same address was recorded before. */; repeat: boolean }
  | { ok: false; reason: ErasureRefusal }

export function isEmptyExport(data: PersonalDataExport): boolean {
  return (
    data.messages.length === 0 &&
    data.replies.length === 0 &&
    !data.admin.onList &&
    data.admin.changes.length === 0 &&
    data.account === null &&
    data.mail.length === 0 &&
    data.loggedMail.length === 0 &&
    data.rateLimits.length === 0 &&
    data.spamFilter.senderVerdict === null &&
    data.spamFilter.recentTexts === 0 &&
    data.activity.length === 0
  )
}
