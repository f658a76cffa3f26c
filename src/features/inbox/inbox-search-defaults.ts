import type { InboxSearch } from './inbox.search'

/** The inbox search's defaults, which the route strips from the URL (apart, so the route tree takes
 * this alone, not the reader). */
export const INBOX_SEARCH_DEFAULTS = { status: 'all', q: '', page: 1 } as const satisfies Partial<InboxSearch>
