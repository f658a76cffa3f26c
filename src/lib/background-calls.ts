import { createMiddleware } from '@tanstack/react-start'

/** The header a server-function call carries when no person's action started it (a poll, a refetch
 * after a live event, a hidden tab): it then does not keep the session from going idle. */
export const BACKGROUND_HEADER = 'x-staff-background'

/** A call this long after the last key, click or touch is the page's own doing. */
const OWN_ACTION_MS = 15_000

let lastInput = typeof performance === 'undefined' ? 0 : performance.now()
let listening = false

function listen(): void {
  if (listening) return
  listening = true
  const mark = () => {
    lastInput = performance.now()
  }
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, mark, { capture: true, passive: true })
  }
}

export function isBackgroundCall(): boolean {
  if (typeof document === 'undefined') return false
  listen()
  return document.visibilityState === 'hidden' || performance.now() - lastInput > OWN_ACTION_MS
}

/** Global function middleware (src/start.ts): marks the browser's background calls. */
export const backgroundCallMiddleware = createMiddleware({ type: 'function' }).client(({ next }) =>
  next(isBackgroundCall() ? { headers: { [BACKGROUND_HEADER]: '1' } } : undefined),
)
