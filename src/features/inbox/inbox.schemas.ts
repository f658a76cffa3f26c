/** The inbox server functions' inputs (strict: anything else is a 400). The route's lenient search
 * params are read in inbox.search.ts, with the same normalization. Runs anywhere; no server code. */
import * as v from 'valibot'
import { isDay } from '~/domain/date-range'
import { REPLY_FILTERS, STATUS_FILTERS } from '~/domain/messages'
import { LIMITS } from '~/lib/limits'
import { normalizeSearch } from './inbox.search'

const UuidSchema = v.pipe(v.string(), v.uuid())

// --- Server function inputs ----------------------------------------------------------------

const StatusFilterSchema = v.picklist(STATUS_FILTERS)
const SearchTextSchema = v.pipe(v.string(), v.maxLength(LIMITS.inbox.searchMax * 2), v.transform(normalizeSearch))

/** An Istanbul day, YYYY-MM-DD; a range whose start is after its end is refused (400). */
const DaySchema = v.pipe(v.string(), v.maxLength(10), v.check(isDay))
const DateRangeEntries = { from: v.optional(DaySchema), to: v.optional(DaySchema) }
/** `?owner=`: the signed-in member's leads, the unassigned ones, or one member's (by address). */
const OwnerSchema = v.optional(
  v.union([v.picklist(['me', 'none']), v.pipe(v.string(), v.trim(), v.maxLength(254), v.email(), v.toLowerCase())]),
)
/** `?reply=waiting`: only the leads nobody has replied to yet. */
const ReplySchema = v.optional(v.picklist(REPLY_FILTERS))
function inOrder<T extends { from?: string; to?: string }>() {
  return v.check<T, undefined>((input) => !input.from || !input.to || input.from <= input.to, undefined)
}

export const ListMessagesInputSchema = v.pipe(
  v.object({
    status: StatusFilterSchema,
    q: SearchTextSchema,
    page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIMITS.inbox.maxPage)),
    ...DateRangeEntries,
    owner: OwnerSchema,
    reply: ReplySchema,
  }),
  inOrder(),
)
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

export const ExportMessagesInputSchema = v.pipe(
  v.object({
    status: StatusFilterSchema,
    q: SearchTextSchema,
    ...DateRangeEntries,
    owner: OwnerSchema,
    reply: ReplySchema,
    /** The admin's IANA time zone, so the file shows the times the screen shows. */
    timeZone: v.optional(v.pipe(v.string(), v.maxLength(64), v.check(isTimeZone)), 'UTC'),
  }),
  inOrder(),
)
export type ExportMessagesInput = v.InferInput<typeof ExportMessagesInputSchema>
