import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContactMessage } from '~/domain/messages'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import type { BulkAction } from '../inbox.schemas'
import { bulkUpdateStatus, openMessage, toggleMessageStatus } from '../inbox.functions'
import { inboxKeys } from '../inbox.queries'

/** The session ended (signed out elsewhere, expired): back through the login to this very view. */
export function redirectIfSignedOut(error: unknown): boolean {
  if (describeError(error).code !== 'unauthenticated') return false
  const here = `${window.location.pathname}${window.location.search}`
  window.location.assign(`/admin/login?redirect=${encodeURIComponent(here)}`)
  return true
}

/** The failure notice as the title; the server's reason (say, a lost session) beneath it. */
export function failure(title: string) {
  return (error: unknown) => {
    const { message } = describeError(error)
    toast.error({ title, description: message && message !== title ? message : undefined })
    redirectIfSignedOut(error)
  }
}

/** Every change the inbox makes. Each success reads the list and its counts again (after any change
 * the lists refresh, docs/product.md#inbox) and puts the changed message straight into the cache. */
export function useMessageActions() {
  const queryClient = useQueryClient()
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: inboxKeys.lists() })
  const store = (message: ContactMessage) => queryClient.setQueryData(inboxKeys.detail(message.id), message)

  const open = useMutation({
    mutationFn: (id: string) => openMessage({ data: { id } }),
    onSuccess: (message, _id) => {
      store(message)
      return refreshLists()
    },
    onError: failure(m.inbox_update_failed()),
  })

  const toggle = useMutation({
    mutationFn: (id: string) => toggleMessageStatus({ data: { id } }),
    onSuccess: (message) => {
      store(message)
      toast.success({ title: m.inbox_updated() })
      return refreshLists()
    },
    onError: failure(m.inbox_update_failed()),
  })

  const bulkUpdate = useMutation({
    mutationFn: (input: { ids: string[]; action: BulkAction }) => bulkUpdateStatus({ data: input }),
    onSuccess: ({ updated }) => {
      toast.success({ title: m.inbox_bulk_updated({ count: updated }) })
      return queryClient.invalidateQueries({ queryKey: inboxKeys.all })
    },
    onError: failure(m.inbox_update_failed()),
  })

  return { open, toggle, bulkUpdate }
}
