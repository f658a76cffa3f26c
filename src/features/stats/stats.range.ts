/** The days a stats search asks for, and its filter (the page and the server function share them). */
import type { DayRange, StatsFilter } from '~/domain/visits'
import { LIMITS } from '~/lib/limits'
import type { StatsRangeName, StatsSearch } from './stats.search'

export const DEFAULT_RANGE: StatsRangeName = '30d'
const RANGE_DAYS: Record<StatsRangeName, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 }

const DAY_MS = 86_400_000

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
