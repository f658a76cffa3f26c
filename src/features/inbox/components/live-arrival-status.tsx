import { useCallback, useState } from 'react'
import { m } from '~/paraglide/messages'
import { formatCount } from './inbox-header'
import { useLiveInbox } from './use-live-inbox'

/** Keeps the inbox live: new messages appear without 'Yenile', and a screen reader hears how many arrived. */
export function LiveArrivalStatus() {
  const [arrival, setArrival] = useState({ text: '', seq: 0 })
  const announceArrival = useCallback(
    (count: number) => setArrival((prev) => ({ text: m.inbox_live_new({ count: formatCount(count) }), seq: prev.seq + 1 })),
    [],
  )
  useLiveInbox(announceArrival)
  return (
    <p role="status" className="sr-only" data-testid="inbox-live-status">
      {/* A trailing space on every other arrival, so the same words are announced again. */}
      {arrival.seq % 2 === 1 ? `${arrival.text}\u00a0` : arrival.text}
    </p>
  )
}
