import { useEffect } from 'react'
import { VISIT_BEACON_PATH } from './beacon-path'

/** The document's referrer belongs to the first view of a page load only (client navigations keep it). */
let views = 0

/**
 * One beacon per page view once the page's code runs, and one when the reader leaves or hides
 * it (seconds visible). Nothing is stored on the device; Do Not Track and Global Privacy Control
 * send nothing at all. The server counts (docs/decisions/250-cookieless-visit-stats.md).
 */
export function useVisitBeacon(path: string) {
  useEffect(() => {
    const n = navigator as Navigator & { globalPrivacyControl?: boolean }
    const notFound = document.documentElement.hasAttribute('data-not-found')
    if (
      notFound ||
      path.startsWith('/admin') ||
      n.doNotTrack === '1' ||
      n.globalPrivacyControl ||
      !n.sendBeacon ||
      !crypto.randomUUID
    )
      return
    const id = crypto.randomUUID()
    const send = (body: object) => n.sendBeacon(VISIT_BEACON_PATH, JSON.stringify(body))
    const l = location
    send({ t: 'v', id, p: l.pathname, h: l.hash, r: views++ ? '' : document.referrer, q: l.search, w: screen.width })
    let shown = Date.now()
    let seen = 0
    const leave = () => {
      seen += Date.now() - shown
      shown = Date.now()
      send({ t: 'l', id, s: Math.round(seen / 1000) })
    }
    const change = () => {
      if (document.visibilityState === 'hidden') leave()
      else shown = Date.now()
    }
    document.addEventListener('visibilitychange', change)
    return () => {
      document.removeEventListener('visibilitychange', change)
      if (document.visibilityState === 'visible') leave()
    }
  }, [path])
}
