import type { RefObject } from 'react'
import type { ContactMessage } from '~/backend/domain'
import type { InboxSearch } from '../inbox.schemas'
import type { InboxNavigate } from './inbox-navigate'
import { useInboxShortcuts } from './use-inbox-shortcuts'
import type { useRowCursor } from './use-row-cursor'

/** The inbox's keys, bound to this page: the row cursor, the open message and the search box. */
export function useInboxKeyboard({
  items,
  cursor,
  open,
  searchRef,
  search,
  navigate,
}: {
  items: ContactMessage[] | undefined
  cursor: ReturnType<typeof useRowCursor>
  open: (message: ContactMessage, index: number) => void
  searchRef: RefObject<HTMLInputElement | null>
  search: InboxSearch
  navigate: InboxNavigate
}) {
  useInboxShortcuts({
    move: (delta) => cursor.move(delta, items?.length ?? 0),
    openActive: () => {
      const index = cursor.activeIndex
      const message = index === null ? undefined : items?.[index]
      if (message) open(message, index!)
      return message !== undefined
    },
    focusSearch: () => {
      const input = searchRef.current
      if (!input) return
      input.focus()
      input.setSelectionRange(input.value.length, input.value.length)
    },
    close: () => {
      if (search.id) navigate({ id: undefined })
    },
  })
}
