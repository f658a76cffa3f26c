import type { ReactNode } from 'react'
import { type StaffViewer, visibleStaffNav } from '../staff-nav-items'
import { StaffAccount } from './staff-account'
import { StaffBrand } from './staff-brand'
import { StaffNavList } from './staff-nav-list'
import { StaffPhoneMenu } from './staff-phone-menu'

/**
 * Every staff page inside one frame: a sidebar from 1536 px (the pages, who is signed in, 'Çıkış'),
 * the same as a 64 px rail of icons from 1024 px (the inbox's list and detail need the width), a top
 * bar with a menu below that. Built from the session the layout already holds: no call of its own.
 */
export function StaffShell({ viewer, children }: { viewer: StaffViewer; children: ReactNode }) {
  const items = visibleStaffNav(viewer)
  return (
    <div className="min-h-dvh bg-slate-50 xl:flex">
      <header className="sticky top-0 hidden h-dvh w-16 shrink-0 flex-col border-r border-slate-200 bg-white xl:flex 2xl:w-60">
        <div className="flex h-16 shrink-0 items-center justify-center border-b border-slate-200 px-3 2xl:justify-start 2xl:px-5">
          <StaffBrand compact />
        </div>
        <div className="min-h-0 flex-1 px-2 py-4 2xl:overflow-y-auto 2xl:px-3">
          <StaffNavList items={items} rail />
        </div>
        <StaffAccount email={viewer.email} rail />
      </header>
      <StaffPhoneMenu items={items} email={viewer.email} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
