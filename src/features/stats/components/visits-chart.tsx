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
export default function VisitsChart({ range, days }: { range: DayRange; days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const filled = fillDays(range, days)
    const data: uPlot.AlignedData = [
      filled.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      filled.map((d) => d.visitors),
      filled.map((d) => d.messages),
    ]
    const numbers = new Intl.NumberFormat(getLocale())
    const count = (_: uPlot, value: number | null) => (value === null ? '—' : numbers.format(value))
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] })
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight - 32,
        // Calendar days: shown as the days they are, whatever the reader's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        fmtDate: (template) => uPlot.fmtDate(template, getLocale() === 'en' ? undefined : TURKISH_NAMES),
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, messages: { range: (_u, _min, max) => [0, Math.max(2, max)] } },
        axes: [
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { stroke: '#cbd5e1' } },
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0' },
            ticks: { stroke: '#cbd5e1' },
            values: (_u, ticks) => ticks.map((t) => numbers.format(t)),
          },
          {
            scale: 'messages',
            side: 1,
            stroke: MESSAGES,
            grid: { show: false },
            values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? numbers.format(t) : '')),
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
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: element.clientHeight - 32 }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [range, days])
  return <div ref={box} role="img" aria-label={m.stats_chart_title()} className="h-full w-full text-xs text-slate-600" />
}

const TURKISH_NAMES: uPlot.DateNames = {
  MMMM: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  MMM: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  WWWW: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'],
  WWW: ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'],
}
