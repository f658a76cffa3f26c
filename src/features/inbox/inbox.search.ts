/** The inbox route's search params, read leniently: a bad or stale link still opens a sensible view,
 * each param falling back on its own (decision 013). */
import type { SearchSchemaInput } from '@tanstack/react-router'
import { REPLY_FILTERS, type ReplyFilter, STATUS_FILTERS, type StatusFilter } from '~/domain/messages'
import { INBOX_SEARCH_LIMITS } from '~/lib/inbox-search-limits'

/** Trims, drops characters PostgreSQL text cannot hold (NUL), mends lone surrogates and caps the length. */
export function normalizeSearch(text: string): string {
  let clean = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    // C0 controls other than tab and line breaks: NUL breaks PostgreSQL text, the rest are noise.
    if (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') continue
    // A lone UTF-16 surrogate becomes U+FFFD, as in stored contact text (PGlite would cut the rest).
    clean += char.length === 1 && code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : char
  }
  let capped = clean.trim().slice(0, INBOX_SEARCH_LIMITS.searchMax)
  // Never cut an emoji in half: a lone high surrogate at the end goes too.
  if (/[\uD800-\uDBFF]$/.test(capped)) capped = capped.slice(0, -1)
  return capped.trim()
}

/** valibot's `uuid()` pattern, so the route and the server functions agree on what an id is. */
export const UUID_PATTERN = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/iu

/**
 * `from` and `to` are kept as the link gives them (capped), valid or not: the page says what is
 * wrong with them (date-range.ts `dateRangeOf`) and lists without them.
 */
export type InboxSearch = {
  status: StatusFilter
  q: string
  page: number
  id: string | undefined
  from?: string | undefined
  to?: string | undefined
  /** `me`, `none` or a team member's address (lower case). */
  owner?: string | undefined
  /** `waiting`: the leads nobody has replied to yet, oldest first. */
  reply?: ReplyFilter | undefined
}

export { INBOX_SEARCH_DEFAULTS } from './inbox-search-defaults'

// The router parses `?q=123` and `?page=2` as numbers, so both accept either.
function readPage(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= INBOX_SEARCH_LIMITS.maxPage ? page : 1
}

const OWNER_EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/

function readOwner(value: unknown): { owner?: string } {
  if (typeof value !== 'string') return {}
  const owner = value.trim().toLowerCase()
  return owner === 'me' || owner === 'none' || OWNER_EMAIL.test(owner) ? { owner } : {}
}

function readReply(value: unknown): { reply?: ReplyFilter } {
  return REPLY_FILTERS.includes(value as ReplyFilter) ? { reply: value as ReplyFilter } : {}
}

function readDay<K extends 'from' | 'to'>(key: K, value: unknown): Partial<Record<K, string>> {
  if (typeof value !== 'string' && typeof value !== 'number') return {}
  const text = String(value).trim().slice(0, 32)
  return text === '' ? {} : ({ [key]: text } as Record<K, string>)
}

/** A link may give any of the params (the input type); a URL may hold anything (read as unknown). */
export function parseInboxSearch(search: Partial<InboxSearch> & SearchSchemaInput): InboxSearch {
  const { status, q, page, id, from, to, owner, reply }: Record<string, unknown> = search
  return {
    ...readOwner(owner),
    ...readReply(reply),
    ...readDay('from', from),
    ...readDay('to', to),
    status: STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : 'all',
    q: typeof q === 'string' || typeof q === 'number' ? normalizeSearch(String(q)) : '',
    page: readPage(page),
    id: typeof id === 'string' && UUID_PATTERN.test(id) ? id : undefined,
  }
}
