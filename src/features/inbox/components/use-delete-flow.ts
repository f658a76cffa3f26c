import { useState } from 'react'
import type { useMessageActions } from './use-message-actions'

/** What the confirmation asks about: one message by its sender's name, or the ticked rows. */
export interface DeleteRequest {
  ids: string[]
  name?: string
}

/**
 * Deleting asks first. `ask` opens the confirmation, `confirm` deletes, and `onDeleted` hears
 * which ids are gone once the server agrees; the confirmation stays open until then.
 */
export function useDeleteFlow(actions: ReturnType<typeof useMessageActions>, onDeleted: (ids: string[]) => void) {
  const [request, setRequest] = useState<DeleteRequest | null>(null)

  function confirm() {
    if (!request) return
    const { ids } = request
    const done = () => {
      setRequest(null)
      onDeleted(ids)
    }
    if (ids.length === 1 && request.name !== undefined) actions.remove.mutate(ids[0]!, { onSuccess: done })
    else actions.bulkRemove.mutate(ids, { onSuccess: done })
  }

  return {
    request,
    ask: setRequest,
    cancel: () => setRequest(null),
    confirm,
    deleting: actions.remove.isPending || actions.bulkRemove.isPending,
  }
}
