import { TriangleAlert } from 'lucide-react'
import { ConfirmDialog } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'
import type { PurgeRequest } from './use-purge-flow'

function texts(request: PurgeRequest | null): { title: string; description: string; confirm: string } {
  if (request && 'everything' in request) {
    return { title: m.inbox_empty_trash_title(), description: m.inbox_empty_trash_text(), confirm: m.inbox_empty_trash() }
  }
  if (request?.name !== undefined) {
    return { title: m.inbox_purge_title(), description: m.inbox_purge_text({ name: request.name }), confirm: m.inbox_purge() }
  }
  return {
    title: m.inbox_bulk_purge_title({ count: request?.ids.length ?? 0 }),
    description: m.inbox_bulk_purge_text(),
    confirm: m.inbox_purge(),
  }
}

/** Asks before messages leave the trash for good (one, the ticked rows, or all); focus starts on 'İptal'. */
export function ConfirmPurgeDialog({
  request,
  busy,
  onCancel,
  onConfirm,
}: {
  /** What to delete; the dialog is open while there is something. */
  request: PurgeRequest | null
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const { title, description, confirm } = texts(request)
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      icon={TriangleAlert}
      title={title}
      description={description}
      cancelLabel={m.inbox_cancel()}
      confirmLabel={confirm}
      pending={busy}
      onConfirm={onConfirm}
    />
  )
}
