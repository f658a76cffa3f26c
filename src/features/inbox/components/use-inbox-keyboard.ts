import type { RefObject } from 'react'
import type { ContactMessage } from '~/domain/messages'
import type { InboxSearch } from '../inbox.search'
import { placeOf, placeOfFilter } from '../message-place'
import type { InboxNavigate } from './inbox-navigate'
import type { MessageHandlers } from './message-handlers'
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
  checkedIds,
  shown,
  handlers,
  bulk,
  undo,
}: {
  items: ContactMessage[] | undefined
  cursor: ReturnType<typeof useRowCursor>
  open: (message: ContactMessage, index: number) => void
  searchRef: RefObject<HTMLInputElement | null>
  search: InboxSearch
  navigate: InboxNavigate
  checkedIds: string[]
  /** The message the detail panel shows. */
  shown: ContactMessage | undefined
  handlers: MessageHandlers
  bulk: { remove: (ids: string[]) => void; spam: (ids: string[]) => void; notSpam: (ids: string[]) => void }
  undo: () => void
}) {
  const target = (): ContactMessage | undefined => {
    if (search.id && shown?.id === search.id) return shown
    return cursor.activeIndex === null ? undefined : items?.[cursor.activeIndex]
  }
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
    remove: () => {
      if (checkedIds.length > 0) return bulk.remove(checkedIds)
      const message = target()
      if (!message) return
      if (placeOf(message) === 'trash') handlers.purge(message)
      else handlers.remove(message)
    },
    spam: () => {
      if (checkedIds.length > 0) {
        const place = placeOfFilter(search.status)
        if (place === 'inbox') bulk.spam(checkedIds)
        else if (place === 'spam') bulk.notSpam(checkedIds)
        return
      }
      const message = target()
      if (!message) return
      const place = placeOf(message)
      if (place === 'inbox') handlers.spam(message)
      else if (place === 'spam') handlers.notSpam(message)
    },
    undo,
  })
}
