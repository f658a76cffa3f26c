import { useEffect } from 'react'

/** The landing pages load their JavaScript only after the first paint (src/lib/defer-scripts.server.ts) (decision 013). */
export const HYDRATED_EVENT = 'pusula:hydrated'

/** Controls whose click needs the page's code: buttons other than form submits, and `#` links. */
export const EARLY_CLICK_TARGETS = 'button:not([type=submit]),a[href="#"]'

/** Lets the early-click script replay held clicks, then sets `<html data-hydrated>`, which browser tests wait for. */
export function useAnnounceHydrated(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT))
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
}
