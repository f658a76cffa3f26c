import { Eye, PenLine } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { type LeadPresence, PRESENCE_EVERY_SECONDS, PRESENCE_TTL_SECONDS } from '~/domain/leads'
import { m } from '~/paraglide/messages'
import { PRESENCE_EVENT } from '~/features/inbox/components/use-live-inbox'
import { announcePresence } from '../leads.functions'
import { useStaff } from '../leads.queries'

/** Typing in a reply box of the detail counts as writing a reply for this long. */
const TYPING_MS = 5000

/** A textarea of the open lead that is not the internal note's: the reply being written. */
function isReplyBox(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLTextAreaElement &&
    target.closest('[data-testid="message-detail"]') !== null &&
    target.closest('[data-lead-notes]') === null
  )
}

/**
 * '{ad} bu mesajı görüntülüyor' and '{ad} yanıt yazıyor': says every few seconds that you have
 * this lead open (and whether you are writing a reply), and shows the colleagues who said so
 * within the last PRESENCE_TTL_SECONDS, over the inbox's live feed.
 */
export function LeadPresenceNotice({ messageId }: { messageId: string }) {
  const { you, label } = useStaff()
  const [others, setOthers] = useState<Map<string, { typing: boolean; at: number }>>(new Map())
  const typedAt = useRef(0)

  useEffect(() => {
    let stopped = false
    let wasTyping = false
    const say = (present: boolean) => {
      const typing = present && Date.now() - typedAt.current < TYPING_MS
      wasTyping = typing
      void announcePresence({ data: { id: messageId, typing, present } }).catch(() => {})
    }
    const onInput = (event: Event) => {
      if (!isReplyBox(event.target)) return
      typedAt.current = Date.now()
      if (!wasTyping && !stopped) say(true)
    }
    say(true)
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') say(true)
    }, PRESENCE_EVERY_SECONDS * 1000)
    document.addEventListener('input', onInput, true)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('input', onInput, true)
      say(false)
    }
  }, [messageId])

  useEffect(() => {
    setOthers(new Map())
    const onPresence = (event: Event) => {
      let heard: LeadPresence
      try {
        heard = JSON.parse((event as CustomEvent<string>).detail) as LeadPresence
      } catch {
        return
      }
      if (heard.messageId !== messageId || heard.email === you) return
      setOthers((current) => {
        const next = new Map(current)
        if (heard.present) next.set(heard.email, { typing: heard.typing, at: Date.now() })
        else next.delete(heard.email)
        return next
      })
    }
    const prune = setInterval(() => {
      setOthers((current) => {
        const fresh = [...current].filter(([, seen]) => Date.now() - seen.at < PRESENCE_TTL_SECONDS * 1000)
        return fresh.length === current.size ? current : new Map(fresh)
      })
    }, 1000)
    window.addEventListener(PRESENCE_EVENT, onPresence)
    return () => {
      clearInterval(prune)
      window.removeEventListener(PRESENCE_EVENT, onPresence)
    }
  }, [messageId, you])

  const shown = [...others].sort(([a], [b]) => a.localeCompare(b))
  return (
    <div role="status" aria-live="polite" data-testid="lead-presence" className="empty:hidden space-y-1">
      {shown.map(([email, seen]) => (
        <p
          key={email}
          className="flex items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700 ring-1 ring-brand-600/20 ring-inset"
        >
          {seen.typing ? <PenLine className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          {seen.typing ? m.leads_presence_typing({ name: label(email) }) : m.leads_presence_viewing({ name: label(email) })}
        </p>
      ))}
    </div>
  )
}
