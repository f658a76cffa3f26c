import type { TeamMember } from '~/backend/backend'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { useStaff } from '~/features/leads/leads.queries'
import { TeamDate } from './team-date'

/**
 * Every admin: address, when added, and 'Kaldır', except on the reader's own row (the server refuses
 * that, and the last admin, whatever a page sends).
 */
export function MemberList({
  members,
  you,
  busy,
  onRemove,
}: {
  members: TeamMember[]
  you: string
  busy: boolean
  onRemove: (email: string) => void
}) {
  // Names from 'Hesabım' (the address alone where none is set).
  const staff = useStaff()
  return (
    <ul className="divide-y divide-slate-100" data-testid="team-members">
      {members.map((member) => {
        const mine = member.email === you
        const name = staff.members.find((x) => x.email === member.email)?.name?.trim()
        return (
          <li key={member.email} data-testid="team-member" className="flex items-center gap-4 px-4 py-3 sm:px-5">
            <div className="min-w-0 flex-1">
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
              {mine ? <p className="mt-0.5 text-xs text-slate-500">{m.team_self_note()}</p> : null}
            </div>
            {mine ? null : (
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
