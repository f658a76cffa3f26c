import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast'
import { Portal } from '@ark-ui/react/portal'

import { useEffect } from 'react'
import { m } from '~/paraglide/messages'

/** The toaster itself (Ark UI): loaded on the first toast only, through ./toaster.tsx, so pages that
 * never show one do not download it. Toasts are announced to screen readers. */
export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: false,
  gap: 12,
  max: 4,
})

export function ToasterView({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted])
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(t) => (
          <Toast.Root
            className="pointer-events-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-white p-4 pr-10 shadow-lg data-[type=error]:border-red-300 data-[type=error]:bg-red-50 data-[type=success]:border-emerald-300 data-[type=success]:bg-emerald-50"
            data-testid="toast"
          >
            <Toast.Title className="font-semibold text-slate-900">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="mt-1 text-sm text-slate-700">{t.description}</Toast.Description>
            ) : null}
            {t.action ? (
              <Toast.ActionTrigger className="mt-2 -ml-2 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100/60 focus-visible:outline-2 focus-visible:outline-brand-600">
                {t.action.label}
              </Toast.ActionTrigger>
            ) : null}
            <Toast.CloseTrigger
              className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-brand-500"
              aria-label={m.toast_close()}
            >
              <span aria-hidden="true">×</span>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  )
}
