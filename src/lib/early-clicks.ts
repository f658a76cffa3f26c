import { useEffect } from 'react'

/**
 * The landing pages load their JavaScript only after the first paint (src/lib/defer-scripts.server.ts).
 * A click on a control that needs that code (the menu button, a placeholder `#` link) before it
 * has arrived is held by a small inline script and replayed once the page has hydrated, so no tap
 * is lost. Decision: docs/decisions/014-scripts-after-first-paint.md.
 */
export const HYDRATED_EVENT = 'pusula:hydrated'

/** Controls whose click needs the page's code: buttons other than form submits, and `#` links. */
export const EARLY_CLICK_TARGETS = 'button:not([type=submit]),a[href="#"]'

/** Tells the early-click script that the page's handlers are in place. Call once, in the page's root component. */
export function useAnnounceHydrated(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT))
  }, [])
}
