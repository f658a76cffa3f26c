import { useMutation, useQuery } from '@tanstack/react-query'
import { StaffPage } from '~/features/staff-shell/components/staff-page'
import { Download } from 'lucide-react'
import { type FormEvent, type ReactNode, useId } from 'react'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import { ACTIVITY_ACTIONS } from '~/domain/activity'
import { describeError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { actionLabel } from '../action-labels'
import { type ActivityRowView, exportActivityCsv, listActivity } from '../activity.functions'
import type { ActivitySearch } from '../activity.schemas'

const HASH = /^[0-9a-f]{64}$/

function who(actor: string): string {
  if (actor === 'cli') return m.activity_cli()
  if (HASH.test(actor)) return `${m.activity_erased()} (${actor.slice(0, 8)}…)`
  return actor
}

function when(iso: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'en' ? 'en-GB' : 'tr-TR', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Istanbul',
  }).format(new Date(iso))
}

function what(row: ActivityRowView): string {
  const parts: string[] = []
  if (row.messageIds.length > 0) parts.push(m.activity_messages({ count: row.messageIds.length }))
  if (row.subject) parts.push(HASH.test(row.subject) ? `${m.activity_erased()} (${row.subject.slice(0, 8)}…)` : row.subject)
  const detail = Object.entries(row.detail)
    .filter(([, value]) => value !== '' && value !== null)
    .map(([key, value]) => `${key}: ${String(value)}`)
  return [...parts, ...detail].join(' · ')
}

/** /admin/activity, 'Etkinlik Kaydı': the log filtered by the URL, newest first; owners only. */
export function ActivityPage({
  search,
  onSearch,
  actions,
}: {
  search: ActivitySearch
  onSearch: (next: ActivitySearch) => void
  actions?: ReactNode
}) {
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() }
  const log = useQuery({ queryKey: ['activity', search], queryFn: () => listActivity({ data: search }) })
  const exporter = useMutation({
    mutationFn: () => exportActivityCsv({ data: search }),
    onSuccess: (file) => {
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }))
      const link = document.createElement('a')
      link.href = url
      link.download = file.filename
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    },
    onError: (error) => toast.error({ title: m.activity_load_failed(), description: describeError(error).message || undefined }),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = String(form.get(name) ?? '').trim()
      return value === '' ? undefined : value
    }
    onSearch({
      actor: text('actor'),
      action: text('action') as ActivitySearch['action'],
      from: text('from'),
      to: text('to'),
    })
  }

  return (
    <StaffPage
      title={m.activity_title()}
      description={m.activity_description({ days: LIMITS.activity.retentionDefaultDays })}
      back={m.activity_back()}
      actions={actions}
    >
      <form
        onSubmit={submit}
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        key={JSON.stringify(search)}
      >
        <div>
          <label htmlFor={ids.actor} className="text-sm font-medium text-slate-700">
            {m.activity_filter_actor()}
          </label>
          <Input id={ids.actor} name="actor" type="text" defaultValue={search.actor ?? ''} className="mt-1" />
        </div>
        <div>
          <label htmlFor={ids.action} className="text-sm font-medium text-slate-700">
            {m.activity_filter_action()}
          </label>
          <select
            id={ids.action}
            name="action"
            defaultValue={search.action ?? ''}
            className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
          >
            <option value="">{m.activity_filter_any()}</option>
            {ACTIVITY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className="text-sm font-medium text-slate-700">
            {m.activity_filter_from()}
          </label>
          <Input id={ids.from} name="from" type="date" defaultValue={search.from ?? ''} className="mt-1" />
        </div>
        <div>
          <label htmlFor={ids.to} className="text-sm font-medium text-slate-700">
            {m.activity_filter_to()}
          </label>
          <Input id={ids.to} name="to" type="date" defaultValue={search.to ?? ''} className="mt-1" />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit">{m.activity_filter_apply()}</Button>
          <Button type="button" variant="ghost" onClick={() => onSearch({})}>
            {m.activity_filter_clear()}
          </Button>
          <Button
            type="button"
            variant="secondary"
            className="whitespace-nowrap"
            onClick={() => exporter.mutate()}
            disabled={exporter.isPending}
            aria-busy={exporter.isPending}
          >
            <Download aria-hidden="true" className="size-4" />
            {m.activity_export()}
          </Button>
        </div>
      </form>

      <section aria-labelledby="activity-rows" className="mt-6 rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="activity-rows" className="sr-only">
          {m.activity_title()}
        </h2>
        {log.isError ? (
          <p role="alert" className="px-4 py-16 text-center text-sm text-slate-600">
            {describeError(log.error).message || m.activity_load_failed()}
          </p>
        ) : !log.data ? (
          <p className="px-4 py-16 text-center text-sm text-slate-500">…</p>
        ) : log.data.rows.length === 0 ? (
          <p className="px-4 py-16 text-center text-sm text-slate-500">{m.activity_empty()}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm text-slate-700" data-testid="activity-table">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-md:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {m.activity_col_at()}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {m.activity_col_actor()}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {m.activity_col_action()}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {m.activity_col_target()}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {m.activity_col_address()}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {log.data.rows.map((row) => (
                  <tr key={row.id} data-testid="activity-row" className="max-md:block max-md:px-4 max-md:py-3">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-500 max-md:block max-md:p-0 max-md:text-xs">
                      {when(row.at)}
                    </td>
                    <td className="px-4 py-3 font-medium break-all text-slate-900 max-md:block max-md:p-0">{who(row.actor)}</td>
                    <td className="px-4 py-3 max-md:block max-md:p-0">{actionLabel(row.action)}</td>
                    <td className="px-4 py-3 break-words text-slate-600 max-md:block max-md:p-0 max-md:text-xs">{what(row)}</td>
                    <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-500 max-md:block max-md:p-0">
                      {row.address ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {log.data?.next ? (
          <div className="border-t border-slate-200 px-4 py-3">
            <Button variant="secondary" size="sm" onClick={() => onSearch({ ...search, before: log.data.next ?? undefined })}>
              {m.activity_more()}
            </Button>
          </div>
        ) : null}
      </section>
    </StaffPage>
  )
}
