import { Archive, ArchiveRestore, MailOpen, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react'
import type { ContactMessage } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { placeOf } from '../message-place'
import { toggleAction } from '../message-status'
import type { MessageHandlers } from './message-handlers'

const DANGER = 'text-red-700 hover:bg-red-50 sm:flex-1'

/** The detail panel's buttons, by where the message is (as its row's, with words). */
export function DetailActions({
  message,
  busy,
  handlers,
}: {
  message: ContactMessage
  busy: boolean
  handlers: MessageHandlers
}) {
  const place = placeOf(message)
  if (place === 'trash') {
    return (
      <Row>
        <Button variant="primary" className="sm:flex-1" onClick={() => handlers.restore(message)} disabled={busy}>
          <ArchiveRestore className="size-4" aria-hidden="true" />
          {m.inbox_restore()}
        </Button>
        <Button variant="secondary" className={DANGER} onClick={() => handlers.purge(message)} disabled={busy}>
          <Trash2 className="size-4" aria-hidden="true" />
          {m.inbox_purge()}
        </Button>
      </Row>
    )
  }
  const remove = (
    <Button variant="secondary" className={DANGER} onClick={() => handlers.remove(message)} disabled={busy}>
      <Trash2 className="size-4" aria-hidden="true" />
      {m.inbox_delete()}
    </Button>
  )
  if (place === 'spam') {
    return (
      <Row>
        <Button variant="primary" className="sm:flex-1" onClick={() => handlers.notSpam(message)} disabled={busy}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {m.inbox_not_spam()}
        </Button>
        {remove}
      </Row>
    )
  }
  const read = toggleAction(message.status) === 'read'
  return (
    <Row>
      <Button variant="primary" className="sm:flex-1" onClick={() => handlers.toggle(message)} disabled={busy}>
        {read ? <MailOpen className="size-4" aria-hidden="true" /> : <Archive className="size-4" aria-hidden="true" />}
        {read ? m.inbox_mark_read() : m.inbox_archive()}
      </Button>
      <Button variant="secondary" className="sm:flex-1" onClick={() => handlers.spam(message)} disabled={busy}>
        <ShieldAlert className="size-4" aria-hidden="true" />
        {m.inbox_mark_spam()}
      </Button>
      {remove}
    </Row>
  )
}

function Row({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap">{children}</div>
}
