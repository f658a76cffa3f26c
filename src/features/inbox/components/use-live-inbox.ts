/** Keeps an open inbox current (decision 091): an EventSource on /api/inbox-events, where the server
 * tells of every change of the messages, made through any instance. Each change, and each
 * (re)connection, reads the list again; the events themselves carry no message. */
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { inboxKeys } from '../inbox.queries'

/** The window event that hands the live feed's presence events to the open lead. */
export const PRESENCE_EVENT = 'lead-presence'

/** Changes that come together (a bulk action, a flood) are read once. */
const REFRESH_DELAY_MS = 200
/** A burst (a retention pass, a restore, a colleague's bulk action) reads the list at most once a second. */
const MIN_REFRESH_GAP_MS = 1000
const MAX_BACKOFF_MS = 60_000
const SIGNED_OUT_PAUSE_MS = 1000

/** Calls `onArrived` with the number of messages that just arrived. */
export function useLiveInbox(onArrived: (count: number) => void): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  const arrived = useRef(onArrived)
  useEffect(() => {
    arrived.current = onArrived
  }, [onArrived])

  useEffect(() => {
    let source: EventSource | undefined
    let refresh: ReturnType<typeof setTimeout> | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    let signedOut: ReturnType<typeof setTimeout> | undefined
    let attempts = 0
    let connected = false
    let lastRefresh = Number.NEGATIVE_INFINITY

    const refreshSoon = () => {
      if (refresh) return
      const wait = Math.max(REFRESH_DELAY_MS, lastRefresh + MIN_REFRESH_GAP_MS - performance.now())
      refresh = setTimeout(() => {
        refresh = undefined
        lastRefresh = performance.now()
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all })
      }, wait)
    }

    const open = () => {
      source = new EventSource('/api/inbox-events')
      // Listening now. After a reconnection, whatever changed meanwhile is read once; on the first
      // connection only data past its staleTime is (the page's own was read a moment ago).
      source.addEventListener('ready', () => {
        attempts = 0
        if (connected) refreshSoon()
        else void queryClient.refetchQueries({ queryKey: inboxKeys.all, type: 'active', stale: true })
        connected = true
      })
      source.addEventListener('inbox', (event) => {
        try {
          const change = JSON.parse((event as MessageEvent<string>).data) as { op?: string; count?: number }
          if (change.op === 'insert' && typeof change.count === 'number' && change.count > 0) arrived.current(change.count)
        } catch {
          // Read the list anyway.
        }
        refreshSoon()
      })
      // Who has a lead open: for the detail alone (lead-presence.tsx); never a read of the list.
      source.addEventListener('presence', (event) => {
        window.dispatchEvent(new CustomEvent(PRESENCE_EVENT, { detail: (event as MessageEvent<string>).data }))
      })
      // This session ended (elsewhere, or taken off the team): to the login. After a pause, so a
      // sign-out from this very page (whose own navigation unmounts this) is left to finish.
      source.addEventListener('signed_out', () => {
        source?.close()
        source = undefined
        clearTimeout(reopen)
        signedOut = setTimeout(() => {
          if (router.state.location.pathname.startsWith('/admin/login')) return
          const here = `${window.location.pathname}${window.location.search}`
          window.location.assign(`/admin/login?redirect=${encodeURIComponent(here)}`)
        }, SIGNED_OUT_PAUSE_MS)
      })
      // EventSource reconnects by itself after a dropped stream; it gives up on an HTTP error
      // (a lost session: reading the list then shows the login). Reopened with a growing delay.
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return
        source = undefined
        attempts += 1
        refreshSoon()
        reopen = setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 6)))
      })
    }

    open()
    return () => {
      source?.close()
      clearTimeout(refresh)
      clearTimeout(reopen)
      clearTimeout(signedOut)
    }
  }, [queryClient, router])
}
