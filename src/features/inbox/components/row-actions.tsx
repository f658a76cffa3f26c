import { Archive, ArchiveRestore, MailOpen, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ContactMessage } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import { placeOf } from '../message-place'
import { toggleAction } from '../message-status'
import type { MessageHandlers } from './message-handlers'

/** A row's icon buttons, by where the message is: in the inbox the status toggle, 'Spam' and 'Sil';
 * in spam 'Spam Değil' and 'Sil'; in the trash 'Geri Yükle' and 'Kalıcı Olarak Sil'. Each is named
 * with the action and the sender ('Sil: Ayşe Yılmaz'). */
export function RowActions({ message, handlers }: { message: ContactMessage; handlers: MessageHandlers }) {
  const label = (action: string) => m.inbox_row_action({ action, name: message.name })
  switch (placeOf(message)) {
    case 'trash':
      return (
        <>
          <IconButton label={label(m.inbox_restore())} onClick={() => handlers.restore(message)}>
            <ArchiveRestore className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton label={label(m.inbox_purge())} onClick={() => handlers.purge(message)} danger>
            <Trash2 className="size-4" aria-hidden="true" />
          </IconButton>
        </>
      )
    case 'spam':
      return (
        <>
          <IconButton label={label(m.inbox_not_spam())} onClick={() => handlers.notSpam(message)}>
            <ShieldCheck className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton label={label(m.inbox_delete())} onClick={() => handlers.remove(message)} danger>
            <Trash2 className="size-4" aria-hidden="true" />
          </IconButton>
        </>
      )
    case 'inbox': {
      const read = toggleAction(message.status) === 'read'
      return (
        <>
          <IconButton label={label(read ? m.inbox_mark_read() : m.inbox_archive())} onClick={() => handlers.toggle(message)}>
            {read ? <MailOpen className="size-4" aria-hidden="true" /> : <Archive className="size-4" aria-hidden="true" />}
          </IconButton>
          <IconButton label={label(m.inbox_mark_spam())} onClick={() => handlers.spam(message)}>
            <ShieldAlert className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton label={label(m.inbox_delete())} onClick={() => handlers.remove(message)} danger>
            <Trash2 className="size-4" aria-hidden="true" />
          </IconButton>
        </>
      )
    }
  }
}

function IconButton({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string
  onClick: () => void
  danger?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
      className={`inline-flex size-8 items-center justify-center rounded-md text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600 ${
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-slate-100 hover:text-slate-800'
      }`}
    >
      {children}
    </button>
  )
}
