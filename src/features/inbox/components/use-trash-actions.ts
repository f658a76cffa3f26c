import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { toast } from '~/components/ui/toaster'
import { m } from '~/paraglide/messages'
import { bulkDeleteMessages, deleteMessage } from '../inbox.functions'
import { inboxKeys } from '../inbox.queries'
import { emptyTrash, markMessagesNotSpam, markMessagesSpam, purgeMessages, restoreMessages } from '../trash-and-spam.functions'
import { failure } from './use-message-actions'

/** A deletion's notice stays long enough to reach 'Geri Al'. */
const UNDO_TOAST_MS = 10_000

/** The trash and spam actions (docs/product.md#trash-and-spam). Each success reads every list and
 * message again (counts, tab title and the open message follow); `onGone` hears the ids that left
 * the list on screen, to untick them and close the open one. */
export function useTrashActions(onGone: (ids: string[]) => void) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: inboxKeys.all })
  /** The ids of the last deletion, for the 'z' key. */
  const lastTrashed = useRef<string[] | null>(null)

  const restore = useMutation({
    mutationFn: (ids: string[]) => restoreMessages({ data: { ids } }),
    onSuccess: ({ restored }, ids) => {
      if (lastTrashed.current?.some((id) => ids.includes(id))) lastTrashed.current = null
      onGone(ids)
      toast.success({ title: m.inbox_restored({ count: restored }) })
      return refresh()
    },
    onError: failure(m.inbox_update_failed()),
  })

  const trash = useMutation({
    // One message (a row, the detail, the keyboard) says 'Mesaj silindi.'; the ticked rows say how many.
    mutationFn: (input: { ids: string[]; single: boolean }) =>
      input.single ? deleteMessage({ data: { id: input.ids[0]! } }) : bulkDeleteMessages({ data: { ids: input.ids } }),
    onSuccess: ({ removed, ids }, input) => {
      lastTrashed.current = ids
      onGone(input.ids)
      toast.success({
        title: input.single ? m.inbox_deleted() : m.inbox_bulk_deleted({ count: removed }),
        duration: UNDO_TOAST_MS,
        ...(ids.length > 0 && { action: { label: m.inbox_undo(), onClick: () => restore.mutate(ids) } }),
      })
      return refresh()
    },
    onError: failure(m.inbox_delete_failed()),
  })

  const purge = useMutation({
    mutationFn: (ids: string[]) => purgeMessages({ data: { ids } }),
    onSuccess: ({ purged }, ids) => {
      onGone(ids)
      toast.success({ title: m.inbox_purged({ count: purged }) })
      return refresh()
    },
    onError: failure(m.inbox_delete_failed()),
  })

  const empty = useMutation({
    mutationFn: () => emptyTrash(),
    onSuccess: () => {
      lastTrashed.current = null
      onGone([])
      toast.success({ title: m.inbox_trash_emptied() })
      return refresh()
    },
    onError: failure(m.inbox_delete_failed()),
  })

  const spam = useMutation({
    mutationFn: (ids: string[]) => markMessagesSpam({ data: { ids } }),
    onSuccess: ({ updated }, ids) => {
      onGone(ids)
      toast.success({ title: m.inbox_marked_spam({ count: updated }) })
      return refresh()
    },
    onError: failure(m.inbox_update_failed()),
  })

  const notSpam = useMutation({
    mutationFn: (ids: string[]) => markMessagesNotSpam({ data: { ids } }),
    onSuccess: ({ updated }, ids) => {
      onGone(ids)
      toast.success({ title: m.inbox_marked_not_spam({ count: updated }) })
      return refresh()
    },
    onError: failure(m.inbox_update_failed()),
  })

  return {
    trash,
    restore,
    purge,
    empty,
    spam,
    notSpam,
    /** 'z': brings back what the last deletion moved, while its notice could still. */
    undoLast: () => {
      const ids = lastTrashed.current
      if (ids && ids.length > 0) restore.mutate(ids)
    },
    busy: [trash, restore, purge, empty, spam, notSpam].some((mutation) => mutation.isPending),
  }
}
