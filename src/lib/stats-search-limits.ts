/** The visit limit the stats route's search params read, apart from limits.ts so that the public
 * pages' first load does not ship every limit (as inbox-search-limits.ts). */
export const STATS_SEARCH_LIMITS = {
  /** Each UTM value is cut to this many characters. */
  utmMax: 100,
} as const
