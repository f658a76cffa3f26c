/**
 * /admin/stats's search: `?range=7d|30d|90d|12m` or `?from=&to=` (days, Istanbul's calendar), and
 * at most one value per table as a filter. The route reads a URL leniently (what is not valid is
 * dropped); the server function checks the same fields strictly.
 */
import * as v from 'valibot'
import { DEVICES, type DayRange, type StatsFilter } from '~/domain/visits'
import { LIMITS } from '~/lib/limits'

export const STATS_RANGES = ['7d', '30d', '90d', '12m'] as const
export type StatsRangeName = (typeof STATS_RANGES)[number]
export const DEFAULT_RANGE: StatsRangeName = '30d'
const RANGE_DAYS: Record<StatsRangeName, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 }

const DAY_MS = 86_400_000

const Day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check(
    (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
  ),
)

const fields = {
  range: v.picklist(STATS_RANGES),
  from: Day,
  to: Day,
  referrer: v.pipe(v.string(), v.maxLength(253)),
  campaign: v.pipe(v.string(), v.maxLength(LIMITS.visits.utmMax)),
  path: v.pipe(v.string(), v.maxLength(142)),
  locale: v.picklist(['tr', 'en']),
  device: v.picklist(DEVICES),
}
type Fields = typeof fields

/** The server function's input: every field optional, each checked strictly. */
export const StatsInputSchema = v.strictObject(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, v.optional(schema)])) as {
    [K in keyof Fields]: v.OptionalSchema<Fields[K], undefined>
  },
)
export type StatsSearch = v.InferOutput<typeof StatsInputSchema>

/** The route's search schema: a field that is not valid is left out instead of failing the page. */
export const StatsSearchSchema = v.object(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, v.fallback(v.optional(schema), undefined)])) as {
    [K in keyof Fields]: v.SchemaWithFallback<v.OptionalSchema<Fields[K], undefined>, undefined>
  },
)

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`)

export interface ResolvedRange {
  range: DayRange
  previous: DayRange
  /** The named range, or null for ?from=&to=. */
  name: StatsRangeName | null
}

/** The days asked for, up to `today`, and the period of the same length right before them. */
export function resolveRange(search: StatsSearch, today: string): ResolvedRange {
  let from: string
  let to: string
  let name: StatsRangeName | null = null
  const custom = search.from && search.to && search.from <= search.to
  if (custom && search.from && search.to) {
    to = search.to > today ? today : search.to
    from = search.from > to ? to : search.from
    const earliest = dayOf(msOf(to) - (LIMITS.visits.rangeMaxDays - 1) * DAY_MS)
    if (from < earliest) from = earliest
  } else {
    name = search.range ?? DEFAULT_RANGE
    to = today
    from = dayOf(msOf(today) - (RANGE_DAYS[name] - 1) * DAY_MS)
  }
  const length = Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1
  const previous = { from: dayOf(msOf(from) - length * DAY_MS), to: dayOf(msOf(from) - DAY_MS) }
  return { range: { from, to }, previous, name }
}

export function filterOf(search: StatsSearch): StatsFilter {
  const filter: StatsFilter = {}
  if (search.referrer !== undefined) filter.referrer = search.referrer
  if (search.campaign !== undefined) filter.campaign = search.campaign
  if (search.path !== undefined) filter.path = search.path
  if (search.locale !== undefined) filter.locale = search.locale
  if (search.device !== undefined) filter.device = search.device
  return filter
}

/** Every day of the range, so the chart and its table show the days without visits too. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = []
  for (let ms = msOf(range.from); ms <= msOf(range.to); ms += DAY_MS) days.push(dayOf(ms))
  return days
}
