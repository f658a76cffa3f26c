/** A contact message's source (docs/decisions/250-cookieless-visit-stats.md): what the form carried, or what the server can know. */
import type { LeadSource } from '~/domain/visits'
import type { VisitOrigin } from './lead-source'
import { COUNTED_PATHS, NO_UTM, referrerHostOf, utmOf } from './visit-rules'

/**
 * With JavaScript, the form sends its visit's referrer, landing path and query string. Without
 * it, the post's Referer header names the page the form was on (same origin only): its path and
 * UTM values; where the reader came from before is unknown then. Null when nothing is known.
 */
export function leadSourceOf(sent: VisitOrigin | undefined, refererHeader: string | null, origin: string): LeadSource | null {
  const ownHost = new URL(origin).hostname
  if (sent) {
    return {
      referrerHost: referrerHostOf(sent.r, ownHost),
      landingPath: COUNTED_PATHS.has(sent.p) ? sent.p : '',
      utm: sent.q ? utmOf(sent.q) : NO_UTM,
    }
  }
  if (!refererHeader) return null
  let page: URL
  try {
    page = new URL(refererHeader)
  } catch {
    return null
  }
  if (page.origin !== origin) return null
  return { referrerHost: '', landingPath: COUNTED_PATHS.has(page.pathname) ? page.pathname : '', utm: utmOf(page.search) }
}
