import type { StaffRole, TeamMember } from '~/backend/backend'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { useStaff } from '~/features/leads/leads.queries'
import { PasskeyResetButton } from './passkey-reset-button'
import { TeamDate } from './team-date'

/** Every admin: address, when added, and 'Kaldır', except on the reader's own row (the server
 * refuses that, and the last admin, whatever a page sends). */
export function MemberList({
  members,
  you,
  busy,
  onRemove,
  canChange,
  onRole,
}: {
  members: TeamMember[]
  you: string
  busy: boolean
  onRemove: (email: string) => void
  /** An owner reads the page: 'Rol' can be changed and admins removed. */
  canChange: boolean
  onRole: (email: string, role: StaffRole) => void
}) {
  // Names from 'Hesabım' (the address alone where none is set).
  const staff = useStaff()
  return (
    <ul className="divide-y divide-slate-100" data-testid="team-members">
      {members.map((member) => {
        const mine = member.email === you
        const name = staff.members.find((x) => x.email === member.email)?.name?.trim()
        return (
          <li
            key={member.email}
            data-testid="team-member"
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5"
          >
            {/* Wide enough for an address; the role and buttons wrap below it on a phone. */}
            <div className="min-w-48 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                {name ? <span className="font-medium text-slate-900">{name}</span> : null}
                <span className={name ? 'break-all text-sm text-slate-600' : 'break-all font-medium text-slate-900'}>
                  {member.email}
                </span>
                {mine ? <Badge tone="brand">{m.team_you()}</Badge> : null}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                {m.team_added_on()} <TeamDate iso={member.addedAt} />
              </p>
              {canChange ? null : (
                <p className="mt-0.5 text-xs text-slate-500" data-testid="team-role">
                  {m.team_role_label()}: {member.role === 'owner' ? m.team_role_owner() : m.team_role_admin()}
                </p>
              )}
              {mine ? <p className="mt-0.5 text-xs text-slate-500">{m.team_self_note()}</p> : null}
            </div>
            {canChange ? (
              <label className="flex shrink-0 items-center gap-2 text-sm text-slate-700">
                <span>{m.team_role_label()}</span>
                <select
                  value={member.role}
                  disabled={busy}
                  aria-label={`${m.team_role_label()}: ${member.email}`}
                  onChange={(event) => onRole(member.email, event.target.value as StaffRole)}
                  className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
                >
                  <option value="owner">{m.team_role_owner()}</option>
                  <option value="admin">{m.team_role_admin()}</option>
                </select>
              </label>
            ) : null}
            {mine || !canChange ? null : <PasskeyResetButton email={member.email} />}
            {mine || !canChange ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                disabled={busy}
                aria-label={m.team_remove_label({ email: member.email })}
                onClick={() => onRemove(member.email)}
              >
                {m.team_remove()}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
