import { formatDistanceStrict } from 'date-fns'
import { enUS, tr } from 'date-fns/locale'
import { Check, Hourglass } from 'lucide-react'
import type { ContactMessage } from '~/domain/messages'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { useHydrated } from './message-date'

/** Turkish says "for 3 days" with a suffix on the unit: "3 gündür", "5 saattir". */
const SINCE_TR: Record<string, string> = {
  saniye: 'saniyedir',
  dakika: 'dakikadır',
  saat: 'saattir',
  gün: 'gündür',
  ay: 'aydır',
  yıl: 'yıldır',
}

/** How long a lead has waited for its first reply, in words: "3 gündür", "5 hours". */
export function waitedFor(createdAt: string, locale: 'tr' | 'en', now = new Date()): string {
  const since = new Date(Math.min(new Date(createdAt).getTime(), now.getTime()))
  const words = formatDistanceStrict(since, now, { locale: locale === 'en' ? enUS : tr })
  if (locale === 'en') return words
  return words.replace(/\S+$/u, (unit) => SINCE_TR[unit] ?? unit)
}

/**
 * A row's reply state: 'Yanıtlandı' once staff replied, else how long a lead in the inbox (new or
 * read, not in the trash) has waited. Written after hydration: the server's "now" is not the reader's.
 */
export function ReplyState({ message }: { message: ContactMessage }) {
  const hydrated = useHydrated()
  if (message.repliedAt) {
    return (
      <span className="inline-flex items-start gap-1 text-emerald-700" data-testid="reply-state-row" data-state="replied">
        <Check aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        {m.inbox_reply_replied()}
      </span>
    )
  }
  const waiting = (message.status === 'new' || message.status === 'read') && message.deletedAt === null
  if (!waiting || !hydrated) return null
  return (
    <span className="inline-flex items-start gap-1 text-amber-800" data-testid="reply-state-row" data-state="waiting">
      <Hourglass aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {m.inbox_reply_waited({ time: waitedFor(message.createdAt, getLocale() === 'en' ? 'en' : 'tr') })}
    </span>
  )
}
