import { createClientOnlyFn } from '@tanstack/react-start'
import { useEffect, useRef } from 'react'
import type { BannerKey } from '~/domain/banners'
import type { BannerUpdate } from './banner-events.client'

/** The EventSource code, fetched only in the browser and only when the page needs it. */
const loadBannerEvents = createClientOnlyFn(() => import('./banner-events.client'))

/** Subscribes to live changes of the banner `key` once the page is interactive and idle; a new key
 * (another language) closes the old subscription and opens one for the new key. */
export function useLiveBanner(
  key: BannerKey,
  handlers: { onSnapshot: (update: BannerUpdate) => void; onChange: (update: BannerUpdate) => void },
): void {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    const start = () => {
      void loadBannerEvents()?.then(({ subscribeToBanner }) => {
        if (cancelled) return
        stop = subscribeToBanner(key, {
          onSnapshot: (update) => latest.current.onSnapshot(update),
          onChange: (update) => latest.current.onChange(update),
        })
      })
    }
    const idle = window.requestIdleCallback?.(start, { timeout: 2000 })
    const timeout = idle === undefined ? window.setTimeout(start, 1) : undefined
    return () => {
      cancelled = true
      if (idle !== undefined) window.cancelIdleCallback(idle)
      if (timeout !== undefined) window.clearTimeout(timeout)
      stop?.()
    }
  }, [key])
}
