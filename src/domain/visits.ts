/**
 * Visit statistics (docs/product.md#statistics): what one page view records, what the statistics
 * page asks for and gets. Imports nothing of the app.
 */

/** The day in Istanbul's calendar (UTC+3 all year), as `YYYY-MM-DD`: the salt's and the statistics' day. */
export function istanbulDay(at: Date): string {
  return new Date(at.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

export const DEVICES = ['phone', 'tablet', 'desktop'] as const
export type Device = (typeof DEVICES)[number]

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const
export type UtmKey = (typeof UTM_KEYS)[number]
export type Utm = Record<UtmKey, string>

/** One page view as the beacon reports it, checked; '' is "none". */
export interface NewPageView {
  /** The browser's random id of this view (the leave beacon names it); not kept across views. */
  id: string
  path: string
  section: string
  locale: 'tr' | 'en'
  referrerHost: string
  utm: Utm
  device: Device
}

/** What makes the visitor's daily hash; used in memory only, never stored. */
export interface VisitorTraits {
  site: string
  ip: string
  userAgent: string
}

/** The dimensions a statistics row can be filtered by; each table's row sets one. */
export const STATS_FILTERS = ['referrer', 'campaign', 'path', 'locale', 'device'] as const
export type StatsFilterKey = (typeof STATS_FILTERS)[number]
export type StatsFilter = Partial<Record<StatsFilterKey, string>>

/** Days as `YYYY-MM-DD` (Istanbul's calendar), both ends included. */
export interface DayRange {
  from: string
  to: string
}

export interface StatsQuery {
  range: DayRange
  /** The period before it, of the same length, for the change. */
  previous: DayRange
  filter: StatsFilter
  /** Rows per table. */
  rows: number
}

export interface StatsTotals {
  visitors: number
  views: number
  /** Contact messages not marked spam. */
  messages: number
}

export interface StatsDay {
  day: string
  visitors: number
  views: number
  messages: number
}

export interface StatsRow {
  key: string
  visitors: number
  views: number
}

export interface VisitStats {
  totals: StatsTotals
  previous: StatsTotals
  days: StatsDay[]
  referrers: StatsRow[]
  campaigns: StatsRow[]
  pages: StatsRow[]
  languages: StatsRow[]
  devices: StatsRow[]
}

/** Where a contact message came from: what the form carried of the visit ('' is none). */
export interface LeadSource {
  referrerHost: string
  landingPath: string
  utm: Utm
}
