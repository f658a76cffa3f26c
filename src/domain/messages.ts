/**
 * Contact messages in the inbox: statuses, queries, pages, and the rules every data path applies
 * to them the same way. Imports nothing of the app: components may import it freely.
 */
import type { LeadSource } from './visits'

/** A message's status. `spam` is its own place: it counts nowhere and no other filter shows it
 * (docs/decisions/030-inbox-workflow.md). Whether a message is in the trash is apart from its
 * status (ContactMessage.deletedAt), so a restored message comes back as it was. */
export const MESSAGE_STATUSES = ['new', 'read', 'archived', 'spam'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
/** The statuses 'all' shows and counts: every one but spam. */
export const INBOX_STATUSES = ['new', 'read', 'archived'] as const satisfies readonly MessageStatus[]
/** 'all' = new + read + archived (never spam, never the trash); 'trash' = the trash, any status. */
export const STATUS_FILTERS = ['all', 'new', 'read', 'archived', 'spam', 'trash'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]
/** `?reply=waiting`: the leads nobody has replied to yet (new or read, out of the trash), oldest first. */
export const REPLY_FILTERS = ['waiting'] as const
export type ReplyFilter = (typeof REPLY_FILTERS)[number]

export interface ContactMessage {
  id: string
  name: string
  email: string
  message: string
  status: MessageStatus
  createdAt: string
  readAt: string | null
  ipAddress: string | null
  /** When it went to the trash; null when it is not there. */
  deletedAt: string | null
  /** Where the lead came from (the visit the form was sent from); null when unknown. */
  leadSource?: LeadSource | null
  /** The team member working on it ('Sorumlu'); null: unassigned. */
  ownerEmail: string | null
  /** When staff first replied from the desk; null: not yet ('Yanıt Bekleyen'). */
  repliedAt?: string | null
}

export interface NewContactMessage {
  name: string
  email: string
  message: string
  ipAddress?: string | null
  leadSource?: LeadSource | null
  /** 'spam' stores it as spam and queues no notification; 'new' when absent. */
  status?: 'new' | 'spam'
  /** The language of the page it was sent from (a reply defaults to it); unknown when absent. */
  locale?: 'tr' | 'en'
}

export interface MessageQuery {
  status: StatusFilter
  /** Case-insensitive partial match on name, e-mail or message; empty means no search. */
  search: string
  /** 1-based. */
  page: number
  pageSize: number
  /** Received on or after this Istanbul day, on or before `to` (YYYY-MM-DD, valid: date-range.ts). */
  from?: string
  to?: string
  /** `?owner=`, resolved: one member's leads or the unassigned ones. */
  owner?: { kind: 'none' } | { kind: 'email'; email: string }
  reply?: ReplyFilter
}

/** A search counts its matches only up to this many (or up to the end of the page asked for, when
 * that is further): counting every match of a common word means running the search on most of the
 * table. Without a search the counts are exact and cheap (kept per status by the database). */
export const MESSAGE_SEARCH_COUNT_CAP = 1000

export interface MessagePage {
  items: ContactMessage[]
  /** Messages matching status and search, across all pages, when `totalExact`; otherwise a lower
   * bound: more than `total` match (a search that hit the count cap; "1,000+ messages"). */
  total: number
  /** False when a search's count stopped at the cap: more messages match than `total`. */
  totalExact: boolean
  /** Messages with status new and not in the trash, whatever the filter. */
  unread: number
  page: number
  pageSize: number
}

/** Only rows whose status is still `status` change (a status toggle that lost a race changes nothing). */
export interface MessageCondition {
  status: MessageStatus
}

export interface MessagePatch {
  status: MessageStatus
  /** Set when given; left as it is when undefined. */
  readAt?: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids that can be uuids, without repeats; anything else can match no row and must not reach a ::uuid cast. */
export function validIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)))]
}

/** A whole number within [min, max]; anything that is not a finite number becomes `min`. */
export function clampInt(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(Math.floor(value), min), max) : min
}

/** The page and page size a message query really gets: 1 ≤ page ≤ maxPage, 1 ≤ size ≤ the export
 * maximum (the caller passes LIMITS.inbox: the ground floor reads no module of the app). */
export function messagePaging(
  query: Pick<MessageQuery, 'page' | 'pageSize'>,
  limits: { maxPage: number; exportMax: number },
): { page: number; pageSize: number } {
  return {
    page: clampInt(query.page, 1, limits.maxPage),
    pageSize: clampInt(query.pageSize, 1, limits.exportMax),
  }
}

/** How far a search counts its matches: to the cap, or to one row past the page asked for when that
 * is further, so "is there a next page" is always known. Returns the LIMIT of the count query; a
 * count that reaches it means "more than limit - 1". */
export function searchCountLimit(page: number, pageSize: number): number {
  return Math.min(Math.max(MESSAGE_SEARCH_COUNT_CAP, page * pageSize), Number.MAX_SAFE_INTEGER - 1) + 1
}

/** How a search term is looked up. `substring`: anywhere in name, e-mail or message (ILIKE, with the
 * trigram indexes), which needs three letters or digits in a row (decision 032). */
export type SearchMode = 'substring' | 'wordStart'

export function searchMode(term: string): SearchMode {
  return /[\p{L}\p{N}]{3}/u.test(term) ? 'substring' : 'wordStart'
}
