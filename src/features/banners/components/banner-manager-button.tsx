import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Images, X } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { BannerEditor } from './banner-editor'

/**
 * "Banner Yönetimi" in the admin header, and the dialog it opens. Ark UI's dialog traps
 * focus, closes on Escape and returns focus to the button; the content mounts only while
 * open, so each opening starts from the server's current banners.
 */
export function BannerManagerButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger className={buttonClass('secondary')}>
        <Images aria-hidden="true" className="size-4" />
        {m.banner_manage_button()}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-6">
          <Dialog.Content className="flex max-h-full w-full max-w-5xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 outline-none">
            <header className="flex items-start gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
              <div className="min-w-0 flex-1">
                <Dialog.Title className="text-lg font-semibold text-slate-900 sm:text-xl">{m.banner_dialog_title()}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-slate-600">{m.banner_dialog_description()}</Dialog.Description>
              </div>
              <Dialog.CloseTrigger aria-label={m.banner_close()} className={buttonClass('ghost', 'sm', '-mr-2 size-9 px-0')}>
                <X aria-hidden="true" className="size-5" />
              </Dialog.CloseTrigger>
            </header>
            <BannerEditor onSaved={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
