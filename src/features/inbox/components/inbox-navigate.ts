import type { InboxSearch } from '../inbox.search'

/** Writes a change of the inbox's view into the URL's search params. */
export type InboxNavigate = (patch: Partial<InboxSearch>, options?: { replace?: boolean }) => void
