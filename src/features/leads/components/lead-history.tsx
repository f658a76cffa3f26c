import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { type HistoryEntry, SITE_ACTOR } from '~/domain/leads'
import { MESSAGE_STATUSES, type MessageStatus } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import { MessageDate } from '~/features/inbox/components/message-date'
import { statusLabel } from '~/features/inbox/status-label'
import { leadHistoryQueryOptions, useStaff } from '../leads.queries'

const isStatus = (value: unknown): value is MessageStatus => MESSAGE_STATUSES.includes(value as MessageStatus)

/** One line of 'Geçmiş' in words, with the members by name. */
function historyLine(entry: HistoryEntry, label: (email: string) => string): string {
  const name = entry.actor === SITE_ACTOR ? '' : label(entry.actor)
  switch (entry.action) {
    case 'message.receive':
      return entry.spam ? m.leads_history_receive_spam() : m.leads_history_receive()
    case 'message.open':
      return m.leads_history_open({ name })
    case 'message.reply':
      return m.leads_history_reply({ name })
    case 'message.visitor_reply':
      return m.leads_history_visitor_reply()
    case 'message.owner':
      if (entry.left) return m.leads_history_owner_left({ from: label(entry.from ?? '') })
      if (!entry.to) return m.leads_history_owner_clear({ name })
      return entry.to === entry.actor
        ? m.leads_history_owner_take({ name })
        : m.leads_history_owner_set({ name, to: label(entry.to) })
    case 'message.note':
      return m.leads_history_note({ name })
    case 'message.note_delete':
      return m.leads_history_note_delete({ name })
    case 'message.status':
      return m.leads_history_status({ name, to: isStatus(entry.to) ? statusLabel(entry.to) : (entry.to ?? '') })
    case 'message.spam':
      return m.leads_history_spam({ name })
    case 'message.not_spam':
      return m.leads_history_not_spam({ name })
    case 'message.trash':
      return m.leads_history_trash({ name })
    case 'message.restore':
      return m.leads_history_restore({ name })
    default:
      return m.leads_history_other({ name, action: entry.action })
  }
}

/** 'Geçmiş': what happened to the lead, oldest first, from the activity log. */
export function LeadHistory({ messageId }: { messageId: string }) {
  const history = useQuery(leadHistoryQueryOptions(messageId))
  const { label } = useStaff()
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {m.leads_history_title()}
      </h3>
      {history.data && history.data.length > 0 ? (
        <ol className="mt-2 space-y-1.5 border-l border-slate-200 pl-4 text-sm" data-testid="lead-history">
          {history.data.map((entry) => (
            <li key={entry.id} className="relative text-slate-700">
              <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-slate-300" aria-hidden="true" />
              <MessageDate iso={entry.at} className="mr-2 text-xs text-slate-500" />
              <span className="[overflow-wrap:anywhere]">{historyLine(entry, label)}</span>
            </li>
          ))}
        </ol>
      ) : history.isSuccess ? (
        <p className="mt-2 text-sm text-slate-500">{m.leads_history_empty()}</p>
      ) : null}
    </section>
  )
}
