import { useState } from 'react'
import type { useTrashActions } from './use-trash-actions'

/** What the confirmation asks about: one message by its sender's name, the ticked rows, or the whole trash. */
export type PurgeRequest = { ids: string[]; name?: string } | { everything: true }

/** Deleting for good asks first (moving to the trash does not: 'Geri Al' undoes it). `ask` opens the
 * confirmation; it stays open until the server agrees. */
export function usePurgeFlow(actions: ReturnType<typeof useTrashActions>) {
  const [request, setRequest] = useState<PurgeRequest | null>(null)

  function confirm() {
    if (!request) return
    const done = { onSuccess: () => setRequest(null) }
    if ('everything' in request) actions.empty.mutate(undefined, done)
    else actions.purge.mutate(request.ids, done)
  }

  return {
    request,
    ask: setRequest,
    cancel: () => setRequest(null),
    confirm,
    busy: actions.purge.isPending || actions.empty.isPending,
  }
}
