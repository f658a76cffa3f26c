import { describe, expect, it } from 'vitest'
import { type StaffNavItem, visibleStaffNav } from './staff-nav-items'

const items: StaffNavItem[] = [
  { to: '/admin/messages', label: () => 'Messages' },
  { to: '/admin/activity', label: () => 'Activity', ownerOnly: true },
]

describe('visibleStaffNav', () => {
  it('shows owners-only pages to owners, and to a session that carries no role yet', () => {
    expect(visibleStaffNav({ email: 'o@example.com', role: 'owner' }, items).map((i) => i.to)).toEqual([
      '/admin/messages',
      '/admin/activity',
    ])
    expect(visibleStaffNav({ email: 'x@example.com' }, items)).toHaveLength(2)
  })

  it('hides owners-only pages from admins', () => {
    expect(visibleStaffNav({ email: 'a@example.com', role: 'admin' }, items).map((i) => i.to)).toEqual(['/admin/messages'])
  })
})
