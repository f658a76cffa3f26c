/** The two inbox limits the inbox route's search params read (part of LIMITS.inbox,
 * src/lib/limits.ts). A module of their own: route options travel in every public page's first
 * load, and a bundler keeps a module whole, so importing limits.ts there would ship every limit
 * (decision 181). */
export const INBOX_SEARCH_LIMITS = {
  /** The highest page a message query may ask for: far past any real inbox (5 million rows at 50 a
   * page), low enough to keep OFFSET sane. The route falls back to page 1 beyond it, the server
   * functions refuse it, and the SQL core clamps to it. */
  maxPage: 100_000,
  searchMax: 200,
} as const
