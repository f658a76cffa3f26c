import { format } from 'date-fns'
import { enUS, tr } from 'date-fns/locale'
import type { DayRange, StatsDay } from '~/domain/visits'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { daysOf } from '../stats.range'

/** A `YYYY-MM-DD` day as `7 Ara 2026`; a calendar day, the same in every time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return format(new Date(year!, month! - 1, date!), 'd MMM yyyy', { locale: getLocale() === 'en' ? enUS : tr })
}

/** Every day of the range with its figures, zeros included. */
export function fillDays(range: DayRange, days: StatsDay[]): StatsDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]))
  return daysOf(range).map((day) => byDay.get(day) ?? { day, visitors: 0, views: 0, messages: 0 })
}

/** The chart's figures as a table, for screen readers and for reading exact numbers. */
export function DailyTable({
  range,
  days,
  numbers,
  messagesCounted,
}: {
  range: DayRange
  days: StatsDay[]
  numbers: Intl.NumberFormat
  /** False when the filter names what messages do not record (the device). */
  messagesCounted: boolean
}) {
  const rows = fillDays(range, days).reverse()
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        {m.stats_chart_table()}
      </summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={m.stats_chart_table()}
        className="mt-2 max-h-80 overflow-auto rounded border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{m.stats_chart_title()}</caption>
          <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {m.stats_day()}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {m.stats_visitors()}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {m.stats_views()}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {m.stats_messages()}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 text-left font-normal tabular-nums">
                  <time dateTime={row.day}>{formatDay(row.day)}</time>
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{numbers.format(row.visitors)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{numbers.format(row.views)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{messagesCounted ? numbers.format(row.messages) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  )
}
