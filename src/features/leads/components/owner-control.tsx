import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UserCheck } from 'lucide-react'
import type { ContactMessage } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { inboxKeys } from '~/features/inbox/inbox.queries'
import { assignOwner } from '../leads.functions'
import { useStaff } from '../leads.queries'

/** 'Sorumlu' (the team by name, and 'Atanmamış') and 'Üstlen' (it is yours). */
export function OwnerControl({ message }: { message: ContactMessage }) {
  const queryClient = useQueryClient()
  const { members, you, label } = useStaff()
  const assign = useMutation({
    mutationFn: (owner: string | null) => assignOwner({ data: { id: message.id, owner } }),
    onSuccess: (_, owner) => {
      queryClient.setQueryData<ContactMessage | null>(inboxKeys.detail(message.id), (old) =>
        old ? { ...old, ownerEmail: owner } : old,
      )
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all })
    },
    onError: (error) => {
      const { message: text } = describeError(error)
      toast.error({ title: m.leads_owner_failed(), description: text || undefined })
    },
  })
  const owner = message.ownerEmail
  const listed = owner === null || members.some((member) => member.email === owner)
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="lead-owner" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {m.leads_owner_label()}
        </label>
        <select
          id="lead-owner"
          className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-slate-100"
          value={owner ?? ''}
          disabled={assign.isPending}
          onChange={(event) => assign.mutate(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">{m.leads_unassigned()}</option>
          {!listed && owner ? <option value={owner}>{label(owner)}</option> : null}
          {members.map((member) => (
            <option key={member.email} value={member.email}>
              {member.email === you ? m.leads_owner_you({ name: label(member.email) }) : label(member.email)}
            </option>
          ))}
        </select>
      </div>
      {you && owner !== you ? (
        <Button variant="secondary" onClick={() => assign.mutate(you)} disabled={assign.isPending}>
          <UserCheck className="size-4" aria-hidden="true" />
          {m.leads_take()}
        </Button>
      ) : null}
    </div>
  )
}
