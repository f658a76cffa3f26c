import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { format } from 'date-fns'
import { enUS, tr } from 'date-fns/locale'
import { useId } from 'react'
import type { Locale } from '~/domain/locales'
import type { ContactMessage } from '~/domain/messages'
import { fillSavedReply } from '~/domain/saved-replies'
import { m } from '~/paraglide/messages'
import { savedRepliesQueryOptions } from '../saved-replies.queries'

/**
 * 'Hazır Yanıt' in the composer: picking one hands its text in the reply's language, with the
 * message's name, address and day filled in, to `onPick`; the choice then returns to the prompt.
 */
export function SavedReplyPicker({
  message,
  locale,
  disabled,
  onPick,
}: {
  message: Pick<ContactMessage, 'name' | 'email' | 'createdAt'>
  locale: Locale
  disabled?: boolean
  onPick: (text: string) => void
}) {
  const id = useId()
  const replies = useQuery(savedRepliesQueryOptions())
  const list = replies.data ?? []
  const date = format(new Date(message.createdAt), 'd MMMM yyyy', { locale: locale === 'en' ? enUS : tr })

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {m.replies_saved_label()}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500">
        {list.length === 0 && replies.data ? m.replies_saved_empty() : m.replies_saved_hint()}{' '}
        <Link to="/admin/saved-replies" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          {m.replies_saved_manage()}
        </Link>
      </p>
      <select
        id={id}
        value=""
        disabled={disabled || list.length === 0}
        aria-describedby={`${id}-hint`}
        data-testid="saved-reply-picker"
        onChange={(event) => {
          const picked = list.find((reply) => reply.id === event.target.value)
          if (picked) onPick(fillSavedReply(picked, locale, { name: message.name, email: message.email, date }))
        }}
        className="mt-1.5 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-slate-100 disabled:text-slate-500"
      >
        <option value="">{m.replies_saved_none()}</option>
        {list.map((reply) => (
          <option key={reply.id} value={reply.id}>
            {reply.title}
          </option>
        ))}
      </select>
    </div>
  )
}
