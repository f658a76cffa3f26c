import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { DayRange, StatsDay } from '~/domain/visits'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { fillDays } from './daily-table'

const BRAND = '#1d4ed8'
const MESSAGES = '#d97706'

/**
 * Visitors (line) and messages (bars, their own scale) per day, drawn by uPlot (decision 251).
 * A picture for sighted readers; the table beside it (DailyTable) holds the same figures.
 */
export default function VisitsChart({
  range,
  days,
  messagesCounted,
}: {
  range: DayRange
  days: StatsDay[]
  /** False when the filter names what messages do not record: no bars then. */
  messagesCounted: boolean
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const filled = fillDays(range, days)
    const data: uPlot.AlignedData = [
      filled.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      filled.map((d) => d.visitors),
      filled.map((d) => (messagesCounted ? d.messages : null)),
    ]
    const numbers = new Intl.NumberFormat(getLocale())
    const dayLabel = new Intl.DateTimeFormat(getLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' })
    const count = (_: uPlot, value: number | null) => (value === null ? '—' : numbers.format(value))
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] })
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight,
        // Calendar days: shown as the days they are, whatever the reader's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, messages: { range: (_u, _min, max) => [0, Math.max(2, max)] } },
        axes: [
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { stroke: '#cbd5e1' },
            incrs: DAY_STEPS,
            values: (_u, ticks) => ticks.map((t) => dayLabel.format(new Date(t * 1000))),
          },
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { stroke: '#cbd5e1' },
            incrs: WHOLE_STEPS,
            values: (_u, ticks) => ticks.map((t) => numbers.format(t)),
          },
          {
            scale: 'messages',
            side: 1,
            stroke: MESSAGES,
            grid: { show: false },
            incrs: WHOLE_STEPS,
            values: (_u, ticks) => ticks.map((t) => numbers.format(t)),
          },
        ],
        series: [
          {},
          { label: m.stats_visitors(), stroke: BRAND, width: 2, fill: 'rgba(29, 78, 216, 0.08)', value: count },
          {
            label: m.stats_messages(),
            scale: 'messages',
            stroke: MESSAGES,
            fill: 'rgba(217, 119, 6, 0.55)',
            paths: bars,
            points: { show: false },
            value: count,
          },
        ],
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: element.clientHeight }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [range, days, messagesCounted])
  return (
    <div className="flex h-full flex-col">
      <div ref={box} role="img" aria-label={m.stats_chart_title()} className="min-h-0 flex-1 text-xs text-slate-600" />
      <p aria-hidden="true" className="flex items-center justify-center gap-5 pt-2 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-brand-700" />
          {m.stats_visitors()}
        </span>
        {messagesCounted ? (
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-amber-600" />
            {m.stats_messages()}
          </span>
        ) : null}
      </p>
    </div>
  )
}

/** Counts are whole numbers: ticks 1, 2, 5, 10, … apart, never 0.25. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000]
/** Days on the x axis: a tick per 1, 2, 7, 14 or 30 days (seconds). */
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91].map((days) => days * 86_400)
