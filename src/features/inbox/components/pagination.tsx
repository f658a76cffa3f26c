import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { formatCount } from './inbox-header'

/** '1–50 / 1.234', Önceki / Sonraki and 'Sayfa 1 / 25'; hidden when there is nothing to show. */
export function Pagination({
  page,
  pageSize,
  total,
  totalExact = true,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  totalExact?: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (total === 0) return null
  const from = Math.min((page - 1) * pageSize + 1, total)
  const to = Math.min(page * pageSize, total)
  const hasNext = totalExact ? page < pages : true
  return (
    <nav
      aria-label={m.inbox_pagination()}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
    >
      <p data-testid="inbox-range" className="tabular-nums">
        {totalExact
          ? m.inbox_range({ from: formatCount(from), to: formatCount(to), total: formatCount(total) })
          : m.inbox_range_more({ from: formatCount(from), to: formatCount(to), total: formatCount(total) })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {m.inbox_prev()}
        </Button>
        <span className="px-1 tabular-nums" aria-current="page">
          {totalExact
            ? m.inbox_page_of({ page: formatCount(page), pages: formatCount(pages) })
            : m.inbox_page({ page: formatCount(page) })}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
          {m.inbox_next()}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
