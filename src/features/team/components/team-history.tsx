import { UserMinus, UserPlus } from 'lucide-react'
import type { TeamChange } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { TeamDate } from './team-date'

/** Who added or removed whom; a change made outside the app (CLI, seed, SQL) names nobody. */
function describeChange({ action, actor, email }: TeamChange): string {
  if (actor === null) {
    return action === 'added' ? m.team_history_added_outside({ email }) : m.team_history_removed_outside({ email })
  }
  return action === 'added' ? m.team_history_added({ actor, email }) : m.team_history_removed({ actor, email })
}

/** 'Değişiklik Geçmişi': who added or removed whom, and when, newest first. */
export function TeamHistory({ history }: { history: TeamChange[] }) {
  return (
    <section aria-labelledby="team-history-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="team-history-title" className="text-base font-semibold text-slate-900">
          {m.team_history_title()}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">{m.team_history_note({ count: LIMITS.team.historyShown })}</p>
      </header>
      {history.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 sm:px-5">{m.team_history_empty()}</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="team-history">
          {history.map((change) => {
            const Icon = change.action === 'added' ? UserPlus : UserMinus
            return (
              <li key={change.id} data-testid="team-change" className="flex gap-3 px-4 py-3 sm:px-5">
                <span
                  className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${
                    change.action === 'added' ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0">
                  <p className="text-sm break-words text-slate-800">{describeChange(change)}</p>
                  <TeamDate iso={change.at} className="text-xs text-slate-500" />
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
