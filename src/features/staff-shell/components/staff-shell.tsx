import type { ReactNode } from 'react'
import { type StaffViewer, visibleStaffNav } from '../staff-nav-items'
import { StaffAccount } from './staff-account'
import { StaffBrand } from './staff-brand'
import { StaffNavList } from './staff-nav-list'
import { StaffPhoneMenu } from './staff-phone-menu'

/**
 * Every staff page inside one frame: a sidebar from 1024 px (the pages, who is signed in,
 * 'Çıkış'), a top bar with a menu below that. Built from the session the layout already holds:
 * no call of its own.
 */
export function StaffShell({ viewer, children }: { viewer: StaffViewer; children: ReactNode }) {
  const items = visibleStaffNav(viewer)
  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <header className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
          <StaffBrand />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
          <StaffNavList items={items} />
        </div>
        <StaffAccount email={viewer.email} />
      </header>
      <StaffPhoneMenu items={items} email={viewer.email} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
