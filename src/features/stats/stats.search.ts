/**
 * /admin/stats's search: `?range=7d|30d|90d|12m` or `?from=&to=` (days, Istanbul's calendar), and
 * at most one value per table as a filter. The route reads a URL leniently (what is not valid is
 * dropped); the server function checks the same fields strictly. Only what the route needs lives
 * here: the route tree is in every page's first load (the ranges' arithmetic is in stats.range.ts).
 */
import * as v from 'valibot'
import { DEVICES } from '~/domain/visits'
import { STATS_SEARCH_LIMITS } from '~/lib/stats-search-limits'

export const STATS_RANGES = ['7d', '30d', '90d', '12m'] as const
export type StatsRangeName = (typeof STATS_RANGES)[number]
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
  campaign: v.pipe(v.string(), v.maxLength(STATS_SEARCH_LIMITS.utmMax)),
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
