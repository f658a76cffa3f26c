import type { ContactMessage } from '~/domain/messages'
import { LeadHistory } from './lead-history'
import { LeadNotes } from './lead-notes'
import { OwnerControl } from './owner-control'

/** The team's part of a lead's detail: its owner, internal notes and history. */
export function LeadPanel({ message }: { message: ContactMessage }) {
  return (
    <div className="space-y-5 border-t border-slate-200 pt-5" data-testid="lead-panel">
      <OwnerControl message={message} />
      <LeadNotes messageId={message.id} />
      <LeadHistory messageId={message.id} />
    </div>
  )
}
