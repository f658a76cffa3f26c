import type { LucideIcon } from 'lucide-react'
import { BarChart3, FileText, Inbox, MessageSquareQuote, ScrollText, ShieldCheck, UserRound, Users } from 'lucide-react'
import { m } from '~/paraglide/messages'

/** The staff area's pages, in the order the navigation shows them. Each staff page adds one entry;
 * the navigation (sidebar on wide screens, a menu on phones) is built once from this list. */
export type StaffNavItem = {
  to: string
  /**
   * A compiled message (`m.inbox_title`, labels in messages/*.json). The function, not its key:
   * looking messages up by key would bundle every message of the site (decision 219).
   */
  label: () => string
  /** Owners only (the security roles): hidden from admins; the page and its functions check too. */
  ownerOnly?: boolean
  /** Drawn before the label; an entry without one gets a plain mark. */
  icon?: LucideIcon
}

export const STAFF_NAV: readonly StaffNavItem[] = [
  { to: '/admin/messages', label: m.inbox_title, icon: Inbox },
  { to: '/admin/saved-replies', label: m.saved_replies_title, icon: MessageSquareQuote },
  { to: '/admin/content', label: m.content_nav, icon: FileText },
  { to: '/admin/stats', label: m.stats_title, icon: BarChart3 },
  { to: '/admin/team', label: m.team_title, icon: Users },
  { to: '/admin/privacy', label: m.kvkk_admin_link, icon: ShieldCheck },
  { to: '/admin/activity', label: m.activity_title, icon: ScrollText, ownerOnly: true },
  { to: '/admin/account', label: m.account_title, icon: UserRound },
]

/** The signed-in person as the navigation needs them; a session without a role sees every entry. */
export type StaffViewer = { email: string; role?: 'owner' | 'admin' }

export function visibleStaffNav(viewer: StaffViewer, items: readonly StaffNavItem[] = STAFF_NAV): StaffNavItem[] {
  return items.filter((item) => !item.ownerOnly || viewer.role !== 'admin')
}
