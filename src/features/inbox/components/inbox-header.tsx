import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'

export function formatCount(n: number): string {
  return new Intl.NumberFormat(getLocale() === 'en' ? 'en-US' : 'tr-TR').format(n)
}

/** Title, 'Toplam N mesaj' (or 'Toplam 1.000+ mesaj'), the unread count, 'Yenile' and the header actions of other features. */
export function InboxHeader({
  total,
  totalExact = true,
  unread,
  refreshing,
  onRefresh,
  actions,
}: {
  total: number | undefined
  /** False when a search's count stopped at its cap: 'Toplam 1.000+ mesaj'. */
  totalExact?: boolean
  unread: number | undefined
  refreshing: boolean
  onRefresh: () => void
  actions: ReactNode
}) {
  return (
    <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 md:flex-row md:items-end md:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.inbox_title()}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600" aria-live="polite">
          <span data-testid="inbox-total">
            {total === undefined
              ? '\u00a0'
              : totalExact
                ? m.inbox_total({ count: formatCount(total) })
                : m.inbox_total_more({ count: formatCount(total) })}
          </span>
          {unread !== undefined && unread > 0 ? (
            <span
              data-testid="inbox-unread"
              className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700"
            >
              <span className="size-1.5 rounded-full bg-red-600" aria-hidden="true" />
              {m.inbox_unread({ count: formatCount(unread) })}
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing} title={m.inbox_refresh()}>
          <RefreshCw className={`size-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{m.inbox_refresh()}</span>
        </Button>
        {actions}
      </div>
    </header>
  )
}
