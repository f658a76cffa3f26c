import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { UserMinus } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'

/** Ark UI alert dialog asking before an admin is taken off the list; focus starts on 'İptal'. */
export function RemoveAdminDialog({
  email,
  busy,
  onOpenChange,
  onConfirm,
}: {
  /** The address to remove; the dialog is open while there is one. */
  email: string | null
  busy: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: (email: string) => void
}) {
  return (
    <Dialog.Root
      open={email !== null}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <Dialog.Content className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl outline-none">
            <div className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
                <UserMinus className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-slate-900">{m.team_remove_title()}</Dialog.Title>
                <Dialog.Description className="mt-2 text-sm break-words text-slate-600">
                  {m.team_remove_text({ email: email ?? '' })}
                </Dialog.Description>
              </div>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.CloseTrigger asChild>
                <Button variant="secondary">{m.team_cancel()}</Button>
              </Dialog.CloseTrigger>
              <Button variant="destructive" onClick={() => email && onConfirm(email)} disabled={busy} aria-busy={busy}>
                {m.team_remove()}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
