import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedReply } from '~/domain/saved-replies'
import { toast } from '~/components/ui/toaster'
import { describeError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import { createSavedReply, deleteSavedReply, updateSavedReply } from '../saved-replies.functions'
import { savedRepliesKey } from '../saved-replies.queries'
import type { SavedReplyFields } from '../saved-replies.schemas'

type FieldErrors = Partial<Record<keyof SavedReplyFields, string>>

/** Add, change and delete, each with its toast; a refused save hands its field messages back to the form. */
export function useSavedReplyActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedRepliesKey })

  const save = useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: SavedReplyFields }) =>
      id ? updateSavedReply({ data: { id, ...fields } }) : createSavedReply({ data: fields }),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (reply: SavedReply) => deleteSavedReply({ data: { id: reply.id } }),
    onSuccess: () => toast.success({ title: m.saved_replies_deleted() }),
    onError: (error) => toast.error({ title: m.saved_replies_delete_error(), description: describeError(error).message }),
    onSettled: refresh,
  })

  /** Resolves with nothing once saved, or with the fields' messages when refused. */
  async function saveReply(id: string | null, fields: SavedReplyFields): Promise<FieldErrors | undefined> {
    try {
      await save.mutateAsync({ id, fields })
      toast.success({ title: id ? m.saved_replies_updated() : m.saved_replies_created() })
      return undefined
    } catch (error) {
      const { message, fields: refused } = describeError(error)
      toast.error({ title: m.saved_replies_save_error(), description: refused ? undefined : message })
      return refused ?? {}
    }
  }

  return { saveReply, remove }
}
