/**
 * The inbox's inputs, in one place: the route's search params (lenient: a bad or stale link
 * still opens a sensible view) and the server functions' inputs (strict: anything else is a 400).
 * Runs anywhere; no server code.
 */
import * as v from 'valibot'
import { STATUS_FILTERS } from '~/domain/messages'
import { LIMITS } from '~/lib/limits'

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
  let capped = clean.trim().slice(0, LIMITS.inbox.searchMax)
  // Never cut an emoji in half: a lone high surrogate at the end goes too.
  if (/[\uD800-\uDBFF]$/.test(capped)) capped = capped.slice(0, -1)
  return capped.trim()
}

const UuidSchema = v.pipe(v.string(), v.uuid())

// --- Route search params -------------------------------------------------------------------
// The router parses `?q=123` as a number and `?page=2` as a number, so both accept either.

const StatusParam = v.fallback(v.optional(v.picklist(STATUS_FILTERS), 'all'), 'all')

const SearchParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => normalizeSearch(String(value))),
    ),
    '',
  ),
  '',
)

const PageParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
      v.maxValue(LIMITS.inbox.maxPage),
    ),
    1,
  ),
  1,
)

const SelectedParam = v.fallback(v.optional(UuidSchema), undefined)

export const InboxSearchSchema = v.object({
  status: StatusParam,
  q: SearchParam,
  page: PageParam,
  id: SelectedParam,
})
export type InboxSearch = v.InferOutput<typeof InboxSearchSchema>
/** The defaults, which the route strips from the URL. */
export const INBOX_SEARCH_DEFAULTS = { status: 'all', q: '', page: 1 } as const satisfies Partial<InboxSearch>

// --- Server function inputs ----------------------------------------------------------------

const StatusFilterSchema = v.picklist(STATUS_FILTERS)
const SearchTextSchema = v.pipe(v.string(), v.maxLength(LIMITS.inbox.searchMax * 2), v.transform(normalizeSearch))

export const ListMessagesInputSchema = v.object({
  status: StatusFilterSchema,
  q: SearchTextSchema,
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.inbox.maxPage)),
})
export type ListMessagesInput = v.InferInput<typeof ListMessagesInputSchema>

export const MessageIdInputSchema = v.object({ id: UuidSchema })
export type MessageIdInput = v.InferInput<typeof MessageIdInputSchema>

const IdsSchema = v.pipe(
  v.array(UuidSchema),
  v.minLength(1),
  v.maxLength(LIMITS.inbox.bulkMax),
  v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
)

export const BULK_ACTIONS = ['read', 'archive'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export const BulkIdsInputSchema = v.object({ ids: IdsSchema })
export type BulkIdsInput = v.InferInput<typeof BulkIdsInputSchema>

export const BulkUpdateStatusInputSchema = v.object({ ids: IdsSchema, action: v.picklist(BULK_ACTIONS) })
export type BulkUpdateStatusInput = v.InferInput<typeof BulkUpdateStatusInputSchema>

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const ExportMessagesInputSchema = v.object({
  status: StatusFilterSchema,
  q: SearchTextSchema,
  /** The admin's IANA time zone, so the file shows the times the screen shows. */
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.check(isTimeZone)), 'UTC'),
})
export type ExportMessagesInput = v.InferInput<typeof ExportMessagesInputSchema>
