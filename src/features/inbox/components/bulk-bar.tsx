import { Archive, ArchiveRestore, MailOpen, ShieldAlert, ShieldCheck, Trash2, X } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { Button, type ButtonVariant } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import type { BulkAction } from '../inbox.schemas'
import type { MessagePlace } from '../message-place'

export interface BulkHandlers {
  onAction: (action: BulkAction) => void
  onSpam: () => void
  onNotSpam: () => void
  /** To the trash. */
  onDelete: () => void
  onRestore: () => void
  /** Asks, then deletes for good. */
  onPurge: () => void
}

/** Shown while rows are ticked, with what their place allows: in the inbox mark read, archive,
 * 'Spam' and 'Sil'; in spam 'Spam Değil' and 'Sil'; in the trash 'Geri Yükle' and 'Kalıcı Olarak
 * Sil'. */
export function BulkBar({
  count,
  place,
  busy,
  handlers,
  onClear,
}: {
  count: number
  place: MessagePlace
  busy: boolean
  handlers: BulkHandlers
  onClear: () => void
}) {
  const action = (
    label: string,
    Icon: ComponentType<{ className?: string }>,
    onClick: () => void,
    variant: ButtonVariant = 'secondary',
  ) => (
    <Button key={label} variant={variant} size="sm" onClick={onClick} disabled={busy} title={label}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Button>
  )
  const buttons: Record<MessagePlace, ReactNode[]> = {
    inbox: [
      action(m.inbox_mark_read(), MailOpen, () => handlers.onAction('read')),
      action(m.inbox_archive(), Archive, () => handlers.onAction('archive')),
      action(m.inbox_mark_spam(), ShieldAlert, handlers.onSpam),
      action(m.inbox_delete(), Trash2, handlers.onDelete, 'destructive'),
    ],
    spam: [
      action(m.inbox_not_spam(), ShieldCheck, handlers.onNotSpam),
      action(m.inbox_delete(), Trash2, handlers.onDelete, 'destructive'),
    ],
    trash: [
      action(m.inbox_restore(), ArchiveRestore, handlers.onRestore),
      action(m.inbox_purge(), Trash2, handlers.onPurge, 'destructive'),
    ],
  }
  return (
    <section
      aria-label={m.inbox_selected({ count })}
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-2"
    >
      <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite">
        {m.inbox_selected({ count })}
      </p>
      {buttons[place]}
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
