import type { ReactNode } from 'react'
import { type DayRange, type QuickRange, dateRangeOf, isDay, quickRange } from '~/domain/date-range'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { m } from '~/paraglide/messages'
import type { InboxSearch } from '../inbox.search'
import type { InboxNavigate } from './inbox-navigate'

const QUICK: readonly { choice: QuickRange; label: () => string }[] = [
  { choice: 'today', label: m.inbox_dates_today },
  { choice: 'last7', label: m.inbox_dates_last7 },
  { choice: 'month', label: m.inbox_dates_month },
]

/**
 * 'Başlangıç' and 'Bitiş' (Istanbul days, both inclusive) and the quick choices, in the URL as
 * `?from=&to=`. Dates the list cannot use (unreadable, or the start after the end) are said here,
 * and the list is shown without them.
 */
export function DateFilter({
  search,
  navigate,
  children,
}: {
  search: InboxSearch
  navigate: InboxNavigate
  /** Other filters on the same row (the owner). */
  children?: ReactNode
}) {
  const { range, problem } = dateRangeOf(search)
  const set = (next: DayRange) => navigate({ from: next.from, to: next.to, page: 1 })
  // A field writes only its own day: the navigation merges it into the URL as it is by then, so a
  // second field typed at once never writes back the first one's value from an older render.
  const shown = (day: string | undefined) => (day !== undefined && isDay(day) ? day : '')
  const current = (choice: QuickRange) => {
    const quick = quickRange(choice, new Date())
    return range.from === quick.from && range.to === quick.to
  }
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-2 border-b border-slate-200 px-4 py-3">
      {children}
      <fieldset className="contents">
        <legend className="sr-only">{m.inbox_dates_label()}</legend>
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
          <label htmlFor="inbox-from" className="text-xs font-medium text-slate-600">
            {m.inbox_dates_from()}
          </label>
          <Input
            id="inbox-from"
            type="date"
            className="w-full text-sm sm:w-40"
            value={shown(search.from)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'inbox-dates-problem' : undefined}
            onChange={(event) => navigate({ from: event.target.value || undefined, page: 1 })}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
          <label htmlFor="inbox-to" className="text-xs font-medium text-slate-600">
            {m.inbox_dates_to()}
          </label>
          <Input
            id="inbox-to"
            type="date"
            className="w-full text-sm sm:w-40"
            value={shown(search.to)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'inbox-dates-problem' : undefined}
            onChange={(event) => navigate({ to: event.target.value || undefined, page: 1 })}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {QUICK.map(({ choice, label }) => (
            <Button
              key={choice}
              variant="secondary"
              size="sm"
              className="h-10 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
              aria-pressed={current(choice)}
              onClick={() => set(quickRange(choice, new Date()))}
            >
              {label()}
            </Button>
          ))}
          {search.from !== undefined || search.to !== undefined ? (
            <Button variant="ghost" size="sm" className="h-10" onClick={() => set({})}>
              {m.inbox_dates_clear()}
            </Button>
          ) : null}
        </div>
      </fieldset>
      {problem ? (
        <p id="inbox-dates-problem" role="alert" className="w-full text-sm text-red-700">
          {problem === 'reversed' ? m.inbox_dates_reversed() : m.inbox_dates_invalid()}
        </p>
      ) : null}
    </div>
  )
}
