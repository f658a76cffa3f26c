import { TriangleAlert } from 'lucide-react'
import { ConfirmDialog } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'
import type { DeleteRequest } from './use-delete-flow'

/** Asks before messages are deleted, one by its sender's name or the ticked rows; focus starts on 'İptal'. */
export function ConfirmDeleteDialog({
  request,
  busy,
  onCancel,
  onConfirm,
}: {
  /** What to delete; the dialog is open while there is something. */
  request: DeleteRequest | null
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const name = request?.name
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      icon={TriangleAlert}
      title={name !== undefined ? m.inbox_delete_title() : m.inbox_bulk_delete_title({ count: request?.ids.length ?? 0 })}
      description={name !== undefined ? m.inbox_delete_text({ name }) : m.inbox_bulk_delete_text()}
      cancelLabel={m.inbox_cancel()}
      confirmLabel={m.inbox_delete()}
      pending={busy}
      onConfirm={onConfirm}
    />
  )
}
