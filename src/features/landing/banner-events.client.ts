/** Browser side of the live banner: an EventSource on /api/banner-events for one key. Loaded with a
 * dynamic import after hydration, so it adds nothing to first-load JS. */
import type { BannerChange, BannerImageExtras, BannerKey } from '~/domain/banners'

export interface BannerUpdate extends BannerImageExtras {
  imageUrl: string | null
  updatedAt: string | null
}

const MAX_BACKOFF_MS = 60_000

/** Calls `onSnapshot` with the row's state on every (re)connection and `onChange` with each change
 * of `key`. EventSource retries by itself after a dropped connection; when it gives up (an HTTP
 * error), we reopen it with a growing delay. Returns the stop function. */
export function subscribeToBanner(
  key: BannerKey,
  handlers: { onSnapshot: (update: BannerUpdate) => void; onChange: (update: BannerUpdate) => void },
): () => void {
  let source: EventSource | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempts = 0
  let stopped = false

  const parse = (event: MessageEvent<string>): BannerUpdate | null => {
    try {
      // The server sends what toBannerChange made of a checked row: its extras are taken as they are.
      const { key: changed, imageUrl = null, updatedAt = null, ...extras } = JSON.parse(event.data) as Partial<BannerChange>
      if (changed !== key) return null
      return { imageUrl, updatedAt, ...extras }
    } catch {
      return null
    }
  }

  const open = () => {
    if (stopped) return
    source = new EventSource(`/api/banner-events?key=${encodeURIComponent(key)}`)
    source.addEventListener('open', () => {
      attempts = 0
    })
    source.addEventListener('snapshot', (event) => {
      const update = parse(event as MessageEvent<string>)
      if (update) handlers.onSnapshot(update)
    })
    source.addEventListener('banner', (event) => {
      const update = parse(event as MessageEvent<string>)
      if (update) handlers.onChange(update)
    })
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return
      source = undefined
      attempts += 1
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 6))
      timer = setTimeout(open, delay)
    })
  }

  open()
  return () => {
    stopped = true
    clearTimeout(timer)
    source?.close()
  }
}
