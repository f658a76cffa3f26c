import { useQuery } from '@tanstack/react-query'
import { StaffPage, LoadFailed } from '~/features/staff-shell/components/staff-page'
import { type ReactNode, useEffect, useState } from 'react'
import { m } from '~/paraglide/messages'
import { teamQueryOptions } from '../team.queries'
import { AddAdminForm } from './add-admin-form'
import { MemberList } from './member-list'
import { RemoveAdminDialog } from './remove-admin-dialog'
import { TeamHistory } from './team-history'
import { redirectIfRefused, useTeamActions } from './use-team-actions'

/** /admin/team: the admin list, adding and removing admins, and the history of those changes. */
export function TeamPage({ actions }: { actions?: ReactNode }) {
  const team = useQuery(teamQueryOptions())
  const { add, remove, role } = useTeamActions()
  const [pending, setPending] = useState<string | null>(null)

  useEffect(() => {
    if (team.error) redirectIfRefused(team.error)
  }, [team.error])

  return (
    <StaffPage title={m.team_title()} description={m.team_description()} back={m.team_back()} actions={actions}>
      {team.isError && !team.data ? (
        <LoadFailed message={m.team_load_failed()} retry={m.team_retry()} onRetry={() => team.refetch()} />
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
          <section aria-labelledby="team-members-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
            <header className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
              <h2 id="team-members-title" className="text-base font-semibold text-slate-900">
                {m.team_members_title()}
              </h2>
              {team.data ? (
                <p className="text-sm text-slate-500" data-testid="team-count">
                  {m.team_count({ count: team.data.members.length })}
                </p>
              ) : null}
            </header>
            {team.data?.youAreOwner ? (
              <AddAdminForm busy={add.isPending} onAdd={(email, done) => add.mutate(email, { onSuccess: done })} />
            ) : null}
            {team.data ? (
              <MemberList
                members={team.data.members}
                you={team.data.you}
                busy={remove.isPending || role.isPending}
                onRemove={(email) => setPending(email)}
                canChange={team.data.youAreOwner}
                onRole={(email, next) => role.mutate({ email, role: next })}
              />
            ) : (
              <p className="px-4 py-8 text-center text-sm text-slate-500">{m.team_loading()}</p>
            )}
          </section>
          <TeamHistory history={team.data?.history ?? []} />
        </div>
      )}
      <RemoveAdminDialog
        email={pending}
        busy={remove.isPending}
        onOpenChange={(open) => {
          if (!open) setPending(null)
        }}
        onConfirm={(email) => remove.mutate(email, { onSettled: () => setPending(null) })}
      />
    </StaffPage>
  )
}
