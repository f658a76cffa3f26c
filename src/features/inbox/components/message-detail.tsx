import { MousePointerClick, X } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ContactMessage } from '~/domain/messages'
import { Badge } from '~/components/ui/badge'
import { LeadPanel } from '~/features/leads/components/lead-panel'
import { LeadPresenceNotice } from '~/features/leads/components/lead-presence'
import { m } from '~/paraglide/messages'
import { DetailActions } from './detail-actions'
import type { MessageHandlers } from './message-handlers'
import { MessageDate } from './message-date'
import { StatusBadge } from './status-badge'
import { MessageReplies } from '~/features/replies/components/message-replies'
import { LeadSourceDetail } from '~/features/visits/components/lead-source-detail'

/** 'Mesaj Detayı'. A column beside the table on wide screens; on phones a sheet over the list that
 * closes with its X or a tap outside. Every field is plain text (React escapes it), and long words
 * wrap anywhere so no message can push the layout wider. */
export function MessageDetail({
  selectedId,
  message,
  loading,
  busy,
  handlers,
  onClose,
}: {
  selectedId: string | undefined
  message: ContactMessage | null | undefined
  loading: boolean
  busy: boolean
  handlers: MessageHandlers
  onClose: () => void
}) {
  const open = selectedId !== undefined
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the phone sheet's backdrop closes it; keyboards use Escape or the close button
    <aside
      className={
        open
          ? 'fixed inset-0 z-40 flex items-end bg-slate-900/40 lg:static lg:z-auto lg:block lg:bg-transparent'
          : 'hidden lg:block'
      }
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <section
        aria-labelledby="message-detail-title"
        data-testid="message-detail"
        className="max-h-[88dvh] w-full min-w-0 overflow-y-auto rounded-t-2xl bg-white shadow-xl lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:rounded-xl lg:border lg:border-slate-200 lg:shadow-sm"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
          <h2 id="message-detail-title" className="font-semibold text-slate-900">
            {m.inbox_detail_title()}
          </h2>
          {open ? (
            <button
              type="button"
              onClick={onClose}
              aria-label={m.inbox_detail_close()}
              title={m.inbox_detail_close()}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {!open ? (
          <Placeholder icon={<MousePointerClick className="size-8 text-slate-300" aria-hidden="true" />}>
            {m.inbox_detail_empty()}
          </Placeholder>
        ) : message ? (
          <Body message={message} busy={busy} handlers={handlers} />
        ) : (
          <Placeholder>{loading ? m.inbox_loading() : m.inbox_detail_missing()}</Placeholder>
        )}
      </section>
    </aside>
  )
}

function Placeholder({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center text-sm text-slate-500">
      {icon}
      <p role="status">{children}</p>
    </div>
  )
}

function Body({ message, busy, handlers }: { message: ContactMessage; busy: boolean; handlers: MessageHandlers }) {
  return (
    <div className="min-w-0 space-y-5 px-5 py-5">
      <LeadPresenceNotice messageId={message.id} />
      <div className="min-w-0">
        <p
          className="text-lg font-semibold break-words text-slate-900 [overflow-wrap:anywhere]"
          dir="auto"
          data-testid="detail-name"
        >
          {message.name}
        </p>
        <a
          href={`mailto:${message.email}`}
          className="mt-0.5 inline-block max-w-full text-sm break-words text-brand-700 [overflow-wrap:anywhere] hover:underline"
          dir="auto"
        >
          {message.email}
        </a>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <StatusBadge status={message.status} />
          {message.deletedAt ? <Badge tone="muted">{m.inbox_filter_trash()}</Badge> : null}
          <MessageDate iso={message.createdAt} />
        </div>
      </div>

      <div>
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{m.inbox_col_message()}</h3>
        <p
          className="mt-2 rounded-lg bg-slate-50 p-4 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]"
          dir="auto"
          data-testid="detail-message"
        >
          {message.message}
        </p>
      </div>

      {message.ipAddress || message.readAt || message.deletedAt ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {message.ipAddress ? (
            <>
              <dt className="text-slate-500">{m.inbox_col_ip()}</dt>
              <dd className="font-mono text-slate-800 [overflow-wrap:anywhere]" data-testid="detail-ip">
                {message.ipAddress}
              </dd>
            </>
          ) : null}
          {message.readAt ? (
            <>
              <dt className="text-slate-500">{m.inbox_col_read_at()}</dt>
              <dd className="text-slate-800" data-testid="detail-read-at" data-value={message.readAt}>
                <MessageDate iso={message.readAt} />
              </dd>
            </>
          ) : null}
          {message.deletedAt ? (
            <>
              <dt className="text-slate-500">{m.inbox_col_deleted_at()}</dt>
              <dd className="text-slate-800" data-testid="detail-deleted-at">
                <MessageDate iso={message.deletedAt} />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <LeadSourceDetail source={message.leadSource} />

      <DetailActions message={message} busy={busy} handlers={handlers} />
      <MessageReplies key={message.id} message={message} />
      <LeadPanel message={message} />
    </div>
  )
}
