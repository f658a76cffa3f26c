/** The trash and spam server functions (docs/decisions/030-inbox-workflow.md): validate → authorize
 * (requireAdmin, in every one) → the backend. Ids that are not uuids are refused by the schema; ids
 * of no message, or of messages not where the action applies, change nothing. */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { serverEnv } from '~/lib/env.server'
import { mailLinkOrigin } from '~/lib/mail-link-origin.server'
import { BulkIdsInputSchema } from './inbox.schemas'
import { validate } from '~/lib/validate'
import { actingAs } from '~/features/activity/acting.server'

/** 'Geri Al' and 'Geri Yükle': out of the trash, back to the status each had. */
export const restoreMessages = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    return { restored: (await backend.messages.restore(data.ids, actingAs(context.user.email))).length }
  })

/** 'Kalıcı Olarak Sil': only messages already in the trash are deleted for good. */
export const purgeMessages = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    return { purged: await backend.messages.purge(data.ids, actingAs(context.user.email)) }
  })

/** 'Çöpü Boşalt'. */
export const emptyTrash = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .handler(async ({ context }) => {
    const backend = await getBackend()
    return { purged: await backend.messages.emptyTrash(actingAs(context.user.email)) }
  })

/** 'Spam': out of every list but Spam; a notification not yet sent is cancelled. */
export const markMessagesSpam = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const changed = await backend.messages.markSpam(data.ids, actingAs(context.user.email))
    // Staff's word teaches the filter (docs/spam.md): these words and this sender lean to spam.
    await backend.spam.learn(changed, 'spam')
    return { updated: changed.length }
  })

/** 'Spam Değil': back to new, and the admins are notified of it now (linking to this origin). */
export const markMessagesNotSpam = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data, context: { user } }) => {
    const backend = await getBackend()
    const context = { linkOrigin: mailLinkOrigin(getRequest(), serverEnv()) }
    const changed = await backend.messages.markNotSpam(data.ids, context, actingAs(user.email))
    // And back: the words lean to ham, the sender (and a firm's own domain) is trusted from now on.
    await backend.spam.learn(changed, 'ham')
    return { updated: changed.length }
  })
