import { useEffect } from 'react'

/** The landing pages load their JavaScript only after the first paint (src/lib/defer-scripts.server.ts) (decision 013). */
export const HYDRATED_EVENT = 'pusula:hydrated'

/** Controls whose click needs the page's code: buttons other than form submits, and `#` links. */
export const EARLY_CLICK_TARGETS = 'button:not([type=submit]),a[href="#"]'

/** Tells the early-click script that the page's handlers are in place (held clicks are replayed at
 * once), then sets the page's readiness signal, `<html data-hydrated>`, which the browser tests
 * wait for instead of a time (tests/e2e/helpers.ts). */
export function useAnnounceHydrated(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT))
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
}
