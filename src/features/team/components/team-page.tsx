import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Button, buttonClass } from '~/components/ui/button'
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
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-[100rem] px-4 py-6 sm:px-6 lg:px-8">
        <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.team_title()}</h1>
            <p className="mt-1 text-sm text-slate-600">{m.team_description()}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/admin/messages" className={buttonClass('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {m.team_back()}
            </Link>
            {actions}
          </div>
        </header>
        {team.isError && !team.data ? (
          <div role="alert" className="mt-6 flex flex-col items-center gap-3 px-4 py-16 text-sm text-slate-600">
            {m.team_load_failed()}
            <Button variant="secondary" size="sm" onClick={() => team.refetch()}>
              {m.team_retry()}
            </Button>
          </div>
        ) : (
          <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
            <section
              aria-labelledby="team-members-title"
              className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
            >
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
      </main>
      <RemoveAdminDialog
        email={pending}
        busy={remove.isPending}
        onOpenChange={(open) => {
          if (!open) setPending(null)
        }}
        onConfirm={(email) => remove.mutate(email, { onSettled: () => setPending(null) })}
      />
    </div>
  )
}
