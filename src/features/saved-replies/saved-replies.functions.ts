/**
 * Saved replies ('Hazır Yanıtlar'): validate → authorize (requireAdmin, in every one) → the
 * backend, which writes each change's activity row with the acting member.
 */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { actingAs } from '~/features/activity/acting.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { SavedReplyFieldsSchema, SavedReplyIdInputSchema, UpdateSavedReplyInputSchema } from './saved-replies.schemas'

const missing = () => new AppError(404, 'reply_saved_not_found', m.saved_replies_not_found())

/** The page's list and the composer's choice. */
export const listSavedReplies = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .handler(async () => (await getBackend()).savedReplies.list())

export const createSavedReply = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SavedReplyFieldsSchema))
  .handler(async ({ data, context }) => {
    const result = await (await getBackend()).savedReplies.create(data, actingAs(context.user.email))
    if (!result.ok) {
      throw new AppError(409, 'reply_saved_limit', m.saved_replies_limit({ max: String(LIMITS.savedReplies.max) }))
    }
    return result.savedReply
  })

export const updateSavedReply = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(UpdateSavedReplyInputSchema))
  .handler(async ({ data, context }) => {
    const { id, ...fields } = data
    const saved = await (await getBackend()).savedReplies.update(id, fields, actingAs(context.user.email))
    if (!saved) throw missing()
    return saved
  })

export const deleteSavedReply = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SavedReplyIdInputSchema))
  .handler(async ({ data, context }) => {
    const removed = await (await getBackend()).savedReplies.remove(data.id, actingAs(context.user.email))
    if (!removed) throw missing()
    return { removed: true }
  })
