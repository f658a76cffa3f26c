/**
 * The inbox's date filter: `?from=YYYY-MM-DD&to=YYYY-MM-DD`, days of Europe/Istanbul, both
 * inclusive, either one alone allowed. Runs anywhere; imports nothing of the app.
 */

export const INBOX_TIME_ZONE = 'Europe/Istanbul'

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD, between the years 2000 and 2999. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 2000 || year > 2999) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export interface DayRange {
  from?: string
  to?: string
}

export type DateProblem = 'invalid' | 'reversed'

/**
 * The range the URL asks for, or why it cannot be used: then the list is shown unfiltered by
 * date, with the problem said on the page.
 */
export function dateRangeOf(search: { from?: string; to?: string }): { range: DayRange; problem?: DateProblem } {
  const { from, to } = search
  if ((from !== undefined && !isDay(from)) || (to !== undefined && !isDay(to))) return { range: {}, problem: 'invalid' }
  if (from !== undefined && to !== undefined && from > to) return { range: {}, problem: 'reversed' }
  return { range: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }
}

/** The zone's offset from UTC at `at`, in milliseconds (Istanbul: +3 h since 2016, with summer time before). */
function offsetMs(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at))
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wall - Math.floor(at / 1000) * 1000
}

/** The instant a day (YYYY-MM-DD) begins in the zone. */
export function startOfDayIn(day: string, zone = INBOX_TIME_ZONE): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(year, month - 1, date)
  let at = wall - offsetMs(wall, zone)
  // Across a change of offset the first guess is an hour off: the offset at the guess settles it.
  at = wall - offsetMs(at, zone)
  return new Date(at)
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

/** Instants bounding a valid range: created_at ≥ since and < before. */
export function rangeBounds(range: DayRange, zone = INBOX_TIME_ZONE): { since?: Date; before?: Date } {
  return {
    ...(range.from ? { since: startOfDayIn(range.from, zone) } : {}),
    ...(range.to ? { before: startOfDayIn(nextDay(range.to), zone) } : {}),
  }
}

/** Today in the zone (YYYY-MM-DD). */
export function todayIn(now: Date, zone = INBOX_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export type QuickRange = 'today' | 'last7' | 'month'

/** 'Bugün', 'Son 7 Gün' (today and the six days before), 'Bu Ay' (its first day to its last). */
export function quickRange(choice: QuickRange, now: Date, zone = INBOX_TIME_ZONE): Required<DayRange> {
  const today = todayIn(now, zone)
  const [year, month, date] = today.split('-').map(Number) as [number, number, number]
  const day = (d: number, m = month) => new Date(Date.UTC(year, m - 1, d)).toISOString().slice(0, 10)
  if (choice === 'today') return { from: today, to: today }
  if (choice === 'last7') return { from: day(date - 6), to: today }
  return { from: day(1), to: day(0, month + 1) }
}
