import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { StaffPage, LoadFailed } from '~/features/staff-shell/components/staff-page'
import { Link } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { StatsFilterKey, StatsRow, StatsTotals } from '~/domain/visits'
import { redirectIfRefused } from '~/features/team/components/use-team-actions'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { statsQueryOptions } from '../stats.queries'
import { STATS_RANGES, type StatsRangeName, type StatsSearch } from '../stats.search'
import { DailyTable, formatDay } from './daily-table'

// The chart library loads only with this page's chart, after the page is on screen.
const VisitsChart = lazy(() => import('./visits-chart'))

const RANGE_LABEL: Record<StatsRangeName, () => string> = {
  '7d': m.stats_range_7d,
  '30d': m.stats_range_30d,
  '90d': m.stats_range_90d,
  '12m': m.stats_range_12m,
}

const FILTER_KEYS: readonly StatsFilterKey[] = ['referrer', 'campaign', 'path', 'locale', 'device']

/** A row's key as people read it. */
export function labelOf(filter: StatsFilterKey, key: string): string {
  if (filter === 'referrer' && key === '') return m.stats_direct()
  if (filter === 'locale') return key === 'en' ? m.stats_language_en() : m.stats_language_tr()
  if (filter === 'device') {
    if (key === 'phone') return m.stats_device_phone()
    if (key === 'tablet') return m.stats_device_tablet()
    return m.stats_device_desktop()
  }
  return key
}

const subscribe = () => () => {}
const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )

/** /admin/stats: the figures of a period against the one before, visitors and messages per day, and where they came from. */
export function StatsPage({ search, actions }: { search: StatsSearch; actions?: ReactNode }) {
  const query = useQuery({ ...statsQueryOptions(search), placeholderData: keepPreviousData })
  const hydrated = useHydrated()
  useEffect(() => {
    if (query.error) redirectIfRefused(query.error)
  }, [query.error])
  const view = query.data
  const active = FILTER_KEYS.find((key) => search[key] !== undefined)
  const numbers = new Intl.NumberFormat(getLocale())

  return (
    <StaffPage title={m.stats_title()} description={m.stats_intro()} actions={actions}>
      <div className="mt-5 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label={m.stats_range_label()}>
          <ul className="flex gap-1 rounded-lg border border-slate-200 bg-white p-1 lg:inline-flex">
            {STATS_RANGES.map((name) => {
              const current = view?.name === name || (!view && (search.range ?? '30d') === name && !search.from)
              return (
                <li key={name} className="flex-1 lg:flex-none">
                  <Link
                    to="/admin/stats"
                    search={{ ...search, range: name, from: undefined, to: undefined }}
                    aria-current={current ? 'page' : undefined}
                    className={`flex h-8 items-center justify-center rounded-md px-2 text-sm font-medium whitespace-nowrap sm:px-3 focus-visible:outline-2 focus-visible:outline-brand-600 ${
                      current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
                    }`}
                  >
                    {RANGE_LABEL[name]()}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {view && hydrated ? (
            <span className="tabular-nums">
              {m.stats_range_custom({ from: formatDay(view.range.from), to: formatDay(view.range.to) })}
            </span>
          ) : null}
          {active ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-brand-700">
              {m.stats_filtered({ value: labelOf(active, search[active] ?? '') })}
              <Link
                to="/admin/stats"
                search={{ range: search.range, from: search.from, to: search.to }}
                aria-label={m.stats_clear_filter()}
                title={m.stats_clear_filter()}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden="true" className="size-4" />
              </Link>
            </span>
          ) : null}
        </div>
      </div>

      {query.isError && !view ? (
        <LoadFailed message={m.stats_error()} retry={m.stats_retry()} onRetry={() => query.refetch()} />
      ) : view ? (
        <div className="mt-5 flex flex-col gap-6" aria-busy={query.isFetching}>
          <Figures totals={view.stats.totals} previous={view.stats.previous} numbers={numbers} />
          <section aria-labelledby="stats-chart" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id="stats-chart" className="text-base font-semibold text-slate-900">
              {m.stats_chart_title()}
            </h2>
            <div className="mt-3 h-64">
              {hydrated ? (
                <Suspense fallback={<p className="py-24 text-center text-sm text-slate-500">{m.stats_chart_loading()}</p>}>
                  <VisitsChart range={view.range} days={view.stats.days} messagesCounted={view.stats.totals.messages >= 0} />
                </Suspense>
              ) : null}
            </div>
            <DailyTable
              range={view.range}
              days={view.stats.days}
              numbers={numbers}
              messagesCounted={view.stats.totals.messages >= 0}
            />
          </section>
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            <RowsTable
              title={m.stats_referrers()}
              filter="referrer"
              rows={view.stats.referrers}
              search={search}
              numbers={numbers}
            />
            <RowsTable
              title={m.stats_campaigns()}
              filter="campaign"
              rows={view.stats.campaigns}
              search={search}
              numbers={numbers}
            />
            <RowsTable title={m.stats_pages()} filter="path" rows={view.stats.pages} search={search} numbers={numbers} />
            <RowsTable
              title={m.stats_languages()}
              filter="locale"
              rows={view.stats.languages}
              search={search}
              numbers={numbers}
            />
            <RowsTable title={m.stats_devices()} filter="device" rows={view.stats.devices} search={search} numbers={numbers} />
          </div>
        </div>
      ) : (
        <p className="px-4 py-8 text-center text-sm text-slate-500">{m.stats_chart_loading()}</p>
      )}
    </StaffPage>
  )
}

function change(current: number, previous: number): string {
  if (previous <= 0) return m.stats_change_none()
  const ratio = (current - previous) / previous
  const text = new Intl.NumberFormat(getLocale(), {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
  }).format(ratio)
  return m.stats_change({ change: text })
}

function Figures({ totals, previous, numbers }: { totals: StatsTotals; previous: StatsTotals; numbers: Intl.NumberFormat }) {
  const percent = new Intl.NumberFormat(getLocale(), { style: 'percent', maximumFractionDigits: 1 })
  const rate = (t: StatsTotals) => (t.visitors > 0 && t.messages >= 0 ? t.messages / t.visitors : null)
  const currentRate = rate(totals)
  const previousRate = rate(previous)
  const items: { label: string; value: string; note: string }[] = [
    { label: m.stats_visitors(), value: numbers.format(totals.visitors), note: change(totals.visitors, previous.visitors) },
    { label: m.stats_views(), value: numbers.format(totals.views), note: change(totals.views, previous.views) },
    totals.messages < 0
      ? { label: m.stats_messages(), value: '—', note: m.stats_not_counted() }
      : { label: m.stats_messages(), value: numbers.format(totals.messages), note: change(totals.messages, previous.messages) },
    {
      label: m.stats_conversion(),
      value: currentRate === null ? '—' : percent.format(currentRate),
      note: totals.messages < 0 ? m.stats_not_counted() : change(currentRate ?? 0, previousRate ?? 0),
    },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900 sm:text-3xl">{item.value}</dd>
          <dd className="mt-1 text-xs text-slate-500">{item.note}</dd>
        </div>
      ))}
    </dl>
  )
}

function RowsTable({
  title,
  filter,
  rows,
  search,
  numbers,
}: {
  title: string
  filter: StatsFilterKey
  rows: StatsRow[]
  search: StatsSearch
  numbers: Intl.NumberFormat
}) {
  const id = `stats-${filter}`
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <h2 id={id} className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">{m.stats_empty()}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">{title}</span>
              </th>
              <th scope="col" className="w-24 px-2 py-2 text-right font-medium">
                {m.stats_visitors()}
              </th>
              <th scope="col" className="w-28 px-4 py-2 text-right font-medium">
                {m.stats_views()}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const label = labelOf(filter, row.key)
              const current = search[filter] === row.key
              return (
                <tr key={row.key} className={`border-t border-slate-100 ${current ? 'bg-brand-50' : ''}`}>
                  <th scope="row" className="truncate px-4 py-2 text-left font-normal">
                    <Link
                      to="/admin/stats"
                      search={{ ...search, [filter]: row.key }}
                      aria-label={m.stats_filter_by({ value: label })}
                      aria-current={current ? 'true' : undefined}
                      title={label}
                      className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {label}
                    </Link>
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums text-slate-900">{numbers.format(row.visitors)}</td>
                  <td className="px-4 py-2 text-right tabular-nums text-slate-700">{numbers.format(row.views)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}
