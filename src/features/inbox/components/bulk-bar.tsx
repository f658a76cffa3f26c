import { Archive, MailOpen, Trash2, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import type { BulkAction } from '../inbox.schemas'

/** Shown while rows are selected: mark read, archive or delete them all at once. */
export function BulkBar({
  count,
  busy,
  onAction,
  onDelete,
  onClear,
}: {
  count: number
  busy: boolean
  onAction: (action: BulkAction) => void
  onDelete: () => void
  onClear: () => void
}) {
  return (
    <section
      aria-label={m.inbox_selected({ count })}
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-2"
    >
      <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite">
        {m.inbox_selected({ count })}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onAction('read')} disabled={busy} title={m.inbox_mark_read()}>
        <MailOpen className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{m.inbox_mark_read()}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onAction('archive')} disabled={busy} title={m.inbox_archive()}>
        <Archive className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{m.inbox_archive()}</span>
      </Button>
      <Button variant="destructive" size="sm" onClick={onDelete} disabled={busy} title={m.inbox_delete()}>
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{m.inbox_delete()}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onClear}
        aria-label={m.inbox_clear_selection()}
        title={m.inbox_clear_selection()}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </section>
  )
}
