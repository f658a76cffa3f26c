/**
 * The visit a contact message comes from, as the form sends it: the page load's referrer,
 * address and query string, taken once when this code first runs (a client navigation or a
 * section link afterwards does not change where the reader came from). Nothing is stored.
 */
export interface VisitOrigin {
  /** document.referrer */
  r: string
  /** the landing path */
  p: string
  /** its query string (UTM values) */
  q: string
}

const origin: VisitOrigin | undefined =
  typeof window === 'undefined'
    ? undefined
    : { r: document.referrer.slice(0, 2048), p: location.pathname.slice(0, 100), q: location.search.slice(0, 2048) }

export const visitOrigin = (): VisitOrigin | undefined => origin
