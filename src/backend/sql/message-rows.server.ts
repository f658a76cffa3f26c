/**
 * SQL pieces of the message store: the row mapping and the list filter. Kept apart from the
 * store so a test can EXPLAIN the exact filter the store runs.
 */
import type { LeadSource } from '~/domain/visits'
import { dateRangeOf, rangeBounds } from '~/domain/date-range'
import { type ContactMessage, type MessageQuery, type MessageStatus, searchMode } from '~/domain/messages'

/** What the word-start index holds: the first one or two letters or digits of a word. */
export const WORD_START = /^[\p{L}\p{N}]{1,2}$/u

export const MESSAGE_COLUMNS =
  'id, name, email, message, status, created_at, read_at, ip_address, deleted_at, source, owner_email, replied_at'

export interface MessageRow {
  id: string
  name: string
  email: string
  message: string
  status: MessageStatus
  created_at: Date
  read_at: Date | null
  ip_address: string | null
  deleted_at: Date | null
  source: LeadSource | null
  owner_email: string | null
  replied_at: Date | null
}

export function toContactMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
    ipAddress: row.ip_address,
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    leadSource: row.source ?? undefined,
    ownerEmail: row.owner_email ?? null,
    repliedAt: row.replied_at ? row.replied_at.toISOString() : null,
  }
}

/** Makes the user's text literal inside ILIKE: `\`, `%` and `_` lose their pattern meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * WHERE clause and parameters for a status filter and a search. A substring search is one LIKE
 * on the stored lowercased name, e-mail and message, answered by their trigram index. A word-start search (a term without a trigram) is
 * answered by the indexes of the short-search migration: the stored word starts of name and
 * e-mail for one or two letters or digits, else the lowercased name and address as prefixes.
 */
export function messageFilter(
  query: Pick<MessageQuery, 'status' | 'search' | 'from' | 'to' | 'owner' | 'reply'>,
  options: { ownerAsRange?: boolean } = {},
): {
  where: string
  params: string[]
} {
  const clauses: string[] = []
  const params: string[] = []
  // The trash holds every status; every other filter leaves it out, and 'all' leaves spam out too.
  if (query.status === 'trash') clauses.push('deleted_at IS NOT NULL')
  else if (query.status === 'all') clauses.push(`status <> 'spam' AND deleted_at IS NULL`)
  else {
    params.push(query.status)
    clauses.push(`status = $${params.length} AND deleted_at IS NULL`)
  }
  const search = query.search.trim()
  if (search !== '' && searchMode(search) === 'substring') {
    // The same matches as `name ILIKE p OR email ILIKE p OR message ILIKE p`, on the stored
    // lowercased text of the three (migration 20261128001000_search_text.sql, decision 140).
    params.push(`%${escapeLike(search)}%`)
    clauses.push(`search_text LIKE lower($${params.length})`)
  } else if (WORD_START.test(search)) {
    // The first word of the name and of the address are words too: this covers their starts.
    params.push(search)
    clauses.push(`search_word_starts @> array[lower($${params.length})]`)
  } else if (search !== '') {
    params.push(`${escapeLike(search)}%`)
    const prefix = `lower($${params.length})`
    clauses.push(`(lower(name) LIKE ${prefix} OR lower(email) LIKE ${prefix})`)
  }
  if (query.owner?.kind === 'none') clauses.push('owner_email IS NULL')
  else if (query.owner?.kind === 'email') {
    params.push(query.owner.email)
    const owner = `$${params.length}`
    // The same rows; as a range the owner stays in the order, so the planner walks the owner index
    // instead of the date index (messages.server.ts list, the capped count).
    clauses.push(options.ownerAsRange ? `owner_email >= ${owner} AND owner_email <= ${owner}` : `owner_email = ${owner}`)
  }
  // Not replied to, among new and read: the partial index of the reply_waiting migration holds these.
  if (query.reply === 'waiting') clauses.push(`replied_at IS NULL AND status IN ('new', 'read') AND deleted_at IS NULL`)
  // Istanbul days, as instants: the date index answers them.
  const { since, before } = rangeBounds(dateRangeOf(query).range)
  if (since) {
    params.push(since.toISOString())
    clauses.push(`created_at >= $${params.length}::timestamptz`)
  }
  if (before) {
    params.push(before.toISOString())
    clauses.push(`created_at < $${params.length}::timestamptz`)
  }
  return { where: clauses.join(' AND '), params }
}

/** The list's order: newest deletion first in the trash, the longest waiting first among those
 * awaiting a reply, newest arrival first elsewhere. */
export function messageOrder(status: MessageQuery['status'], reply?: MessageQuery['reply']): string {
  if (reply === 'waiting' && status !== 'trash') return 'created_at asc, id asc'
  return status === 'trash' ? 'deleted_at desc, id desc' : 'created_at desc, id desc'
}
