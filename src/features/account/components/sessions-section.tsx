import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AccountSection } from './account-section'
import { Monitor, Smartphone } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import type { StaffSession } from '~/backend/staff-sessions'
import { summarizeUserAgent } from '~/domain/user-agent'
import { TeamDate } from '~/features/team/components/team-date'
import { redirectIfSignedOut } from '~/features/inbox/components/use-message-actions'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { endMyOtherSessions, endMySession, getMySessions } from '../sessions.functions'

const sessionsKey = ['my-sessions'] as const

function toLogin(): void {
  window.location.assign('/admin/login')
}

function failed(error: unknown): void {
  if (redirectIfSignedOut(error)) return
  const { message } = describeError(error)
  toast.error({ title: m.sessions_failed(), description: message && message !== m.sessions_failed() ? message : undefined })
}

/** 'Hesabım' → 'Oturumlar': where one is signed in, 'Bu oturum' first; each can be ended. */
export function SessionsSection() {
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: sessionsKey, queryFn: () => getMySessions() })
  const endOne = useMutation({
    mutationFn: (id: string) => endMySession({ data: { id } }),
    onSuccess: (result) => {
      if (result.signedOut) return toLogin()
      toast.success({ title: m.sessions_ended() })
      return queryClient.invalidateQueries({ queryKey: sessionsKey })
    },
    onError: failed,
  })
  const endOthers = useMutation({
    mutationFn: () => endMyOtherSessions(),
    onSuccess: () => {
      toast.success({ title: m.sessions_others_ended() })
      return queryClient.invalidateQueries({ queryKey: sessionsKey })
    },
    onError: failed,
  })
  if (list.error) redirectIfSignedOut(list.error)
  const data = list.data
  const others = data ? data.sessions.filter((s) => !s.current).length : 0
  const busy = endOne.isPending || endOthers.isPending

  return (
    <AccountSection
      title={m.sessions_title()}
      description={data && !data.listsAll ? m.sessions_intro_current_only() : m.sessions_intro()}
      action={
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={!data || busy || (data.listsAll && others === 0)}
          aria-busy={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {m.sessions_end_others()}
        </Button>
      }
    >
      {data ? (
        <ul className="divide-y divide-slate-200">
          {data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} busy={busy} onEnd={() => endOne.mutate(session.id)} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-4 text-sm text-slate-500 sm:px-5" role={list.error ? 'alert' : 'status'}>
          {list.error ? m.sessions_load_failed() : m.sessions_loading()}
        </p>
      )}
    </AccountSection>
  )
}

function SessionRow({ session, busy, onEnd }: { session: StaffSession; busy: boolean; onEnd: () => void }) {
  const agent = summarizeUserAgent(session.userAgent)
  const name = `${agent.browser ?? m.sessions_unknown_browser()} · ${agent.system ?? m.sessions_unknown_system()}`
  const Icon = agent.mobile ? Smartphone : Monitor
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5" data-testid="staff-session">
      <Icon aria-hidden="true" className="hidden size-5 shrink-0 text-slate-400 sm:block" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span>{name}</span>
          {session.current ? <Badge tone="brand">{m.sessions_current()}</Badge> : null}
        </p>
        <dl className="mt-1 flex flex-col gap-y-0.5 text-xs text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-4">
          <div className="flex gap-1 whitespace-nowrap">
            <dt>{m.sessions_place()}:</dt>
            <dd className="tabular-nums">{session.place ?? m.sessions_place_unknown()}</dd>
          </div>
          <div className="flex gap-1 whitespace-nowrap">
            <dt>{m.sessions_created()}:</dt>
            <dd>
              <TeamDate iso={session.createdAt} />
            </dd>
          </div>
          <div className="flex gap-1 whitespace-nowrap">
            <dt>{m.sessions_last_active()}:</dt>
            <dd>
              <TeamDate iso={session.lastActiveAt} />
            </dd>
          </div>
        </dl>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        disabled={busy}
        aria-label={m.sessions_end_named({ name: session.current ? m.sessions_current() : name })}
        onClick={onEnd}
      >
        {m.sessions_end()}
      </Button>
    </li>
  )
}
