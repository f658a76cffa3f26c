/** The inbox limits the route's search params read, apart from limits.ts so that the public pages'
 * first load does not ship every limit (decision 181). */
export const INBOX_SEARCH_LIMITS = {
  /** The highest page a message query may ask for: far past any real inbox, low enough for OFFSET. */
  maxPage: 100_000,
  searchMax: 200,
} as const
