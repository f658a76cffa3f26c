import { Hourglass } from 'lucide-react'
import type { ReplyFilter } from '~/domain/messages'
import { Button } from '~/components/ui/button'
import { m } from '~/paraglide/messages'

/** 'Yanıt Bekleyen' (`?reply=waiting`): on, the leads nobody has replied to yet, oldest first. */
export function ReplyFilterToggle({
  value,
  onChange,
}: {
  value: ReplyFilter | undefined
  onChange: (reply: ReplyFilter | undefined) => void
}) {
  const on = value === 'waiting'
  return (
    <Button
      variant="secondary"
      size="sm"
      className="h-10 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
      aria-pressed={on}
      onClick={() => onChange(on ? undefined : 'waiting')}
    >
      <Hourglass aria-hidden="true" className="size-4" />
      {m.inbox_reply_waiting()}
    </Button>
  )
}
