import { useQuery } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import type { ContactMessage } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'
import { threadQueryOptions } from '../replies.queries'
import { ReplyComposer } from './reply-composer'
import { ReplyThread } from './reply-thread'

/**
 * Under 'Mesaj Detayı': 'Yanıtla' with its composer, then 'Yazışma' once the message has replies.
 * A message in the trash or spam keeps its thread but cannot be answered.
 */
export function MessageReplies({ message }: { message: ContactMessage }) {
  const thread = useQuery(threadQueryOptions(message.id))
  const closed = message.deletedAt !== null || message.status === 'spam'
  if (thread.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {m.replies_thread_loading()}
      </p>
    )
  }
  if (thread.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700" role="alert">
        <p>{m.replies_thread_error()}</p>
        <Button variant="secondary" size="sm" disabled={thread.isFetching} onClick={() => void thread.refetch()}>
          {m.replies_thread_retry()}
        </Button>
      </div>
    )
  }
  // The message went (deleted elsewhere): the detail says so itself.
  if (thread.data === null) return null
  return (
    <div className="space-y-5" data-testid="message-replies">
      {closed ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {m.replies_closed_note()}
        </p>
      ) : (
        <ReplyComposer message={message} defaultLocale={thread.data.locale ?? 'tr'} outbox={thread.data.delivery === 'outbox'} />
      )}
      {thread.data.entries.length > 0 ? (
        <ReplyThread message={message} entries={thread.data.entries} outbox={thread.data.delivery === 'outbox'} closed={closed} />
      ) : null}
    </div>
  )
}
