import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { type LucideIcon, X } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { Button, buttonClass } from './button'

/** Ark UI's dialog, styled once: it traps focus, closes on Escape and on the backdrop, and returns
 * focus to what opened it. The content mounts only while open, so each opening starts afresh. Ark's
 * own parts (`Dialog.CloseTrigger` from '@ark-ui/react/dialog') work inside it unchanged. */
export function Dialog(props: ArkDialog.RootProps) {
  return <ArkDialog.Root lazyMount unmountOnExit {...props} />
}

export const DialogTrigger = ArkDialog.Trigger
export const DialogCloseTrigger = ArkDialog.CloseTrigger
export const DialogTitle = ArkDialog.Title
export const DialogDescription = ArkDialog.Description

const PANEL = {
  backdrop: 'fixed inset-0 z-40 bg-slate-950/50',
  positioner: 'fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-6',
  content: 'flex max-h-full w-full flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 outline-none',
}

/** `alert`: a short question, a sheet at the bottom of a phone and centred above it. `md` and `xl`:
 * a panel with a header, a scrolling body and a footer, as wide as a form or an editor needs. */
const SIZES = {
  alert: {
    backdrop: 'fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]',
    positioner: 'fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center',
    content: 'w-full max-w-md rounded-xl bg-white p-6 shadow-xl outline-none',
  },
  md: { ...PANEL, content: `${PANEL.content} max-w-lg` },
  xl: { ...PANEL, content: `${PANEL.content} max-w-5xl` },
} as const

export type DialogSize = keyof typeof SIZES

/** Backdrop, positioner and the content box, in a portal at the end of the body. */
export function DialogContent({ size, children }: { size: DialogSize; children: ReactNode }) {
  const frame = SIZES[size]
  return (
    <Portal>
      <ArkDialog.Backdrop className={frame.backdrop} />
      <ArkDialog.Positioner className={frame.positioner}>
        <ArkDialog.Content className={frame.content}>{children}</ArkDialog.Content>
      </ArkDialog.Positioner>
    </Portal>
  )
}

/** The title, an optional description under it, and the ✕ that closes, named by `closeLabel`. */
export function DialogHeader({
  title,
  description,
  closeLabel,
}: {
  title: ReactNode
  description?: ReactNode
  closeLabel: string
}) {
  return (
    <header className="flex items-start gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <ArkDialog.Title className="text-lg font-semibold text-slate-900 sm:text-xl">{title}</ArkDialog.Title>
        {description === undefined ? null : (
          <ArkDialog.Description className="mt-1 text-sm text-slate-600">{description}</ArkDialog.Description>
        )}
      </div>
      <ArkDialog.CloseTrigger aria-label={closeLabel} className={buttonClass('ghost', 'sm', '-mr-2 size-9 px-0')}>
        <X aria-hidden="true" className="size-5" />
      </ArkDialog.CloseTrigger>
    </header>
  )
}

/** The part of a panel that scrolls when the screen is short. */
export function DialogBody({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6 ${className}`} {...props} />
}

/** The panel's actions, on a grey band under the body. */
export function DialogFooter({ className = '', ...props }: ComponentProps<'footer'>) {
  return <footer className={`border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 sm:py-4 ${className}`} {...props} />
}

/** Asks before something is undone for good: an alert dialog whose focus starts on the cancel
 * button, which closes it; the confirm button waits, disabled, while `pending`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  icon: Icon,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  icon: LucideIcon
  title: ReactNode
  description: ReactNode
  cancelLabel: string
  confirmLabel: string
  pending: boolean
  onConfirm: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog">
      <DialogContent size="alert">
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <ArkDialog.Title className="text-lg font-semibold text-slate-900">{title}</ArkDialog.Title>
            <ArkDialog.Description className="mt-2 text-sm break-words text-slate-600">{description}</ArkDialog.Description>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ArkDialog.CloseTrigger asChild>
            <Button variant="secondary">{cancelLabel}</Button>
          </ArkDialog.CloseTrigger>
          <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
