import { useEffect } from 'react'

/**
 * The landing pages load their JavaScript only after the first paint (src/lib/defer-scripts.server.ts).
 * A click on a control that needs that code (the menu button, a placeholder `#` link) before it
 * has arrived is held by a small inline script and replayed once the page has hydrated, so no tap
 * is lost. Decision: docs/decisions/013-first-load-javascript.md.
 */
export const HYDRATED_EVENT = 'pusula:hydrated'

/** Controls whose click needs the page's code: buttons other than form submits, and `#` links. */
export const EARLY_CLICK_TARGETS = 'button:not([type=submit]),a[href="#"]'

/**
 * Tells the early-click script that the page's handlers are in place (held clicks are replayed
 * at once), then sets the page's readiness signal, `<html data-hydrated>`, which the browser
 * tests wait for instead of a time (tests/e2e/helpers.ts). Call once, in the page's root
 * component: not in the root route's, which React hydrates in an earlier commit than the page
 * (the router renders pages inside a Suspense boundary of their own). The admin routes set the
 * same attribute; islands that hydrate later (the contact form) set it on their own element.
 */
export function useAnnounceHydrated(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT))
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
}
