import { Info, Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import type { MessagePlace } from '../message-place'

/** Above the spam and trash lists: how long they keep messages (the retention job destroys them
 * after that), and in the trash 'Çöpü Boşalt'. */
export function PlaceNotice({
  place,
  empty,
  busy,
  onEmptyTrash,
}: {
  place: MessagePlace
  /** Nothing to empty. */
  empty: boolean
  busy: boolean
  onEmptyTrash: () => void
}) {
  if (place === 'inbox') return null
  return (
    <div
      className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center"
      data-testid="place-notice"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {place === 'trash'
          ? m.inbox_trash_note({ days: LIMITS.inbox.trashKeepDays })
          : m.inbox_spam_note({ days: LIMITS.inbox.spamKeepDays })}
      </p>
      {place === 'trash' ? (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start text-red-700 hover:bg-red-50 sm:self-auto"
          onClick={onEmptyTrash}
          disabled={busy || empty}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {m.inbox_empty_trash()}
        </Button>
      ) : null}
    </div>
  )
}
