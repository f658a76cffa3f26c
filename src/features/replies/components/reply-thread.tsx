import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, Paperclip } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import type { ContactMessage } from '~/domain/messages'
import type { ThreadEntry } from '~/domain/replies'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { MessageDate } from '~/features/inbox/components/message-date'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { resendReply } from '../replies.functions'
import { threadKey } from '../replies.queries'

/**
 * 'Yazışma': the visitor's message, then each reply and answer, oldest first. Every text is plain
 * (React escapes it) with its line breaks kept; a reply shows who sent it, when, and its state.
 */
export function ReplyThread({
  message,
  entries,
  outbox,
  closed,
}: {
  message: ContactMessage
  entries: ThreadEntry[]
  outbox: boolean
  closed: boolean
}) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {m.replies_thread_title()}
      </h3>
      <ol className="mt-2 space-y-3" data-testid="reply-thread">
        <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <EntryHeading who={m.replies_visitor_wrote({ name: message.name })} at={message.createdAt} />
          <p className="mt-1.5 line-clamp-3 text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]" dir="auto">
            {message.message}
          </p>
        </li>
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="thread-entry"
            className={
              entry.kind === 'reply'
                ? 'ml-4 rounded-lg border border-brand-100 bg-brand-50/40 p-3 sm:ml-8'
                : 'rounded-lg border border-slate-200 bg-slate-50 p-3'
            }
          >
            <EntryHeading
              who={
                entry.kind === 'reply'
                  ? m.replies_reply_by({ author: entry.authorName ?? entry.author ?? '—' })
                  : m.replies_answer_from({ name: message.name })
              }
              at={entry.createdAt}
            >
              {entry.kind === 'reply' ? (
                <DeliveryState messageId={message.id} entry={entry} outbox={outbox} closed={closed} />
              ) : null}
            </EntryHeading>
            <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]" dir="auto">
              {entry.body}
            </p>
            {entry.attachments.length > 0 ? (
              <ul className="mt-2 space-y-1" aria-label={m.replies_attachments_label()}>
                {entry.attachments.map((file, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two attachments may share a name; the list never reorders
                  <li key={index} className="flex items-center gap-1.5 text-xs text-slate-600 [overflow-wrap:anywhere]">
                    <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
                    {m.replies_attachment({ name: file.name || '—', size: formatSize(file.size) })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Bytes as a reader thinks of them: 980 B, 12 KB, 3.4 MB. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function EntryHeading({ who, at, children }: { who: string; at: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
      <span className="font-medium text-slate-700 [overflow-wrap:anywhere]">{who}</span>
      <MessageDate iso={at} />
      {children}
    </div>
  )
}

function DeliveryState({
  messageId,
  entry,
  outbox,
  closed,
}: {
  messageId: string
  entry: ThreadEntry
  outbox: boolean
  closed: boolean
}) {
  const queryClient = useQueryClient()
  const resend = useMutation({
    mutationFn: () => resendReply({ data: { replyId: entry.id } }),
    onSuccess: () => toast.success({ title: m.replies_resent() }),
    onError: (error) => toast.error({ title: m.replies_resend_error(), description: describeError(error).message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: threadKey(messageId) }),
  })
  if (entry.delivery === 'sent') {
    return (
      <span className="flex items-center gap-2" data-testid="reply-state" data-state="sent">
        <Badge tone="success">{m.replies_state_sent()}</Badge>
        {outbox ? <span className="text-slate-500">{m.replies_state_sent_outbox()}</span> : null}
      </span>
    )
  }
  if (entry.delivery === 'failed') {
    return (
      <span className="flex flex-wrap items-center gap-2" data-testid="reply-state" data-state="failed">
        <Badge tone="destructive">{m.replies_state_failed()}</Badge>
        {closed ? null : (
          <Button size="sm" variant="secondary" className="h-7" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : null}
            {m.replies_resend()}
          </Button>
        )}
      </span>
    )
  }
  return (
    <span data-testid="reply-state" data-state="queued">
      <Badge tone="warning">{m.replies_state_queued()}</Badge>
    </span>
  )
}
