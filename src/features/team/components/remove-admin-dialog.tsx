import { UserMinus } from 'lucide-react'
import { ConfirmDialog } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'

/** Asks before an admin is taken off the list; focus starts on 'İptal'. */
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
    <ConfirmDialog
      open={email !== null}
      onOpenChange={onOpenChange}
      icon={UserMinus}
      title={m.team_remove_title()}
      description={m.team_remove_text({ email: email ?? '' })}
      cancelLabel={m.team_cancel()}
      confirmLabel={m.team_remove()}
      pending={busy}
      onConfirm={() => email && onConfirm(email)}
    />
  )
}
