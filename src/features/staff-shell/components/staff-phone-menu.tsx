import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { m } from '~/paraglide/messages'
import type { StaffNavItem } from '../staff-nav-items'
import { StaffAccount } from './staff-account'
import { StaffBrand } from './staff-brand'
import { StaffNavList } from './staff-nav-list'

/**
 * Below 1024 px: a bar with the firm's mark and 'Menü', which opens the pages as a panel from the
 * side. Ark's dialog traps focus, closes on Escape or the backdrop and gives focus back to 'Menü';
 * choosing a page closes it too.
 */
export function StaffPhoneMenu({ items, email }: { items: readonly StaffNavItem[]; email: string }) {
  const [open, setOpen] = useState(false)
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 xl:hidden">
      <StaffBrand />
      <Dialog open={open} onOpenChange={(details) => setOpen(details.open)}>
        <ArkDialog.Trigger className={buttonClass('secondary', 'sm', 'shrink-0')}>
          <Menu aria-hidden="true" className="size-4" />
          {m.staff_menu_open()}
        </ArkDialog.Trigger>
        <Portal>
          <ArkDialog.Backdrop className="fixed inset-0 z-40 bg-slate-950/50" />
          <ArkDialog.Positioner className="fixed inset-0 z-50 flex justify-end">
            <ArkDialog.Content className="flex h-full w-80 max-w-[85vw] flex-col bg-white shadow-2xl outline-none">
              <div className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4">
                <ArkDialog.Title className="text-base font-semibold text-slate-900">{m.staff_area_name()}</ArkDialog.Title>
                <ArkDialog.CloseTrigger
                  aria-label={m.staff_menu_close()}
                  className={buttonClass('ghost', 'sm', '-mr-2 size-9 px-0')}
                >
                  <X aria-hidden="true" className="size-5" />
                </ArkDialog.CloseTrigger>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
                <StaffNavList items={items} onNavigate={() => setOpen(false)} />
              </div>
              <StaffAccount email={email} />
            </ArkDialog.Content>
          </ArkDialog.Positioner>
        </Portal>
      </Dialog>
    </header>
  )
}
