import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Bell, X } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { NotificationSettingsForm } from './notification-settings-form'

/**
 * "Bildirimler" in the inbox header, and the small panel it opens: whether the admin gets an
 * e-mail about new messages, and in which language. Ark UI's dialog traps focus, closes on
 * Escape and returns focus to the button; the content mounts only while open.
 */
export function NotificationSettingsButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger className={buttonClass('secondary')}>
        <Bell aria-hidden="true" className="size-4" />
        {m.notifications_button()}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-6">
          <Dialog.Content className="flex max-h-full w-full max-w-lg flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 outline-none">
            <header className="flex items-start gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
              <Dialog.Title className="min-w-0 flex-1 text-lg font-semibold text-slate-900 sm:text-xl">
                {m.notifications_title()}
              </Dialog.Title>
              <Dialog.CloseTrigger
                aria-label={m.notifications_close()}
                className={buttonClass('ghost', 'sm', '-mr-2 size-9 px-0')}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.CloseTrigger>
            </header>
            <NotificationSettingsForm onSaved={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
