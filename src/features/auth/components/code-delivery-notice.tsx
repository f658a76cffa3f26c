import { useServerFn } from '@tanstack/react-start'
import { useEffect, useState } from 'react'
import type { CodeDeliveryState } from '~/backend/backend'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { getCodeDelivery } from '../auth.functions'

type Notice = 'late' | 'sent' | 'failed' | null

/** What the reader is told after a check: nothing while all is well, else late → sent, or failed. */
function nextNotice(previous: Notice, state: CodeDeliveryState | null): Notice {
  if (state === 'failed') return 'failed'
  if (state === 'sent') return previous === 'late' ? 'sent' : null
  return state === 'queued' ? 'late' : previous
}

/** Step 2's word on the code e-mail, when it queued for an SMTP server (`deliveryId`): silent if the
 * mail left within LIMITS.mail.codeNoticeAfterSeconds, else "delayed" until it leaves ("now sent")
 * or is given up ("could not be sent"). */
export function CodeDeliveryNotice({ deliveryId }: { deliveryId: string | null }) {
  const check = useServerFn(getCodeDelivery)
  const [notice, setNotice] = useState<Notice>(null)

  useEffect(() => {
    if (!deliveryId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const ask = async () => {
      // A failed check (the network) says nothing about the mail: ask again later.
      const state = await check({ data: { id: deliveryId } }).then(
        (answer) => answer.state,
        () => undefined,
      )
      if (stopped) return
      if (state !== undefined) setNotice((previous) => nextNotice(previous, state))
      if (state === 'queued' || state === undefined) timer = setTimeout(ask, LIMITS.mail.codeStatusPollSeconds * 1000)
    }
    timer = setTimeout(ask, LIMITS.mail.codeNoticeAfterSeconds * 1000)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [deliveryId, check])

  return (
    // Always in the page, so screen readers announce what appears in it.
    <div role="status" aria-live="polite" data-testid="code-delivery" data-state={notice ?? 'quiet'}>
      {notice === 'late' ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.login_code_delivery_late()}
        </p>
      ) : notice === 'sent' ? (
        <p className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {m.login_code_delivery_sent()}
        </p>
      ) : notice === 'failed' ? (
        <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {m.login_code_delivery_failed()}
        </p>
      ) : null}
    </div>
  )
}
