import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { TriangleAlert } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'

/** Ark UI alert dialog asking before anything is deleted; focus starts on 'İptal'. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  text,
  busy,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  text: string
  busy: boolean
  onConfirm: () => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <Dialog.Content className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl outline-none">
            <div className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
                <TriangleAlert className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
                <Dialog.Description className="mt-2 text-sm break-words text-slate-600">{text}</Dialog.Description>
              </div>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.CloseTrigger asChild>
                <Button variant="secondary">{m.inbox_cancel()}</Button>
              </Dialog.CloseTrigger>
              <Button variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy}>
                {m.inbox_delete()}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
