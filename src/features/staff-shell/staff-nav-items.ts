import type { m } from '~/paraglide/messages'

/**
 * The staff area's pages, in the order the navigation shows them. Each staff page adds one entry;
 * the navigation (sidebar on wide screens, a menu on phones) is built once from this list.
 */
export type StaffNavItem = {
  to: string
  /** A compiled message key (labels in messages/*.json). */
  label: keyof typeof m
  /** Owners only (the security roles): hidden from admins; the page and its functions check too. */
  ownerOnly?: boolean
}

export const STAFF_NAV: readonly StaffNavItem[] = [
  { to: '/admin/messages', label: 'inbox_title' },
  { to: '/admin/team', label: 'team_title' },
  { to: '/admin/privacy', label: 'kvkk_admin_link' },
  { to: '/admin/account', label: 'account_title' },
]
