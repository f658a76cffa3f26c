/** The inbox's server functions: validate → authorize (requireAdmin, in every one) → call the
 * backend. Status changes are computed from the status stored now, never from the browser's. */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import { requireAdmin } from '~/features/auth/require-admin'
import type { MessageQuery } from '~/domain/messages'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { exportMessagesFile } from './export-messages.server'
import {
  BulkIdsInputSchema,
  BulkUpdateStatusInputSchema,
  ExportMessagesInputSchema,
  ListMessagesInputSchema,
  MessageIdInputSchema,
} from './inbox.schemas'
import { applyBulkAction, changeStatus } from './message-updates.server'
import { openPatch, togglePatch } from './message-status'
import { validate } from '~/lib/validate'
import { actingAs } from '~/features/activity/acting.server'

/** `?owner=` as the store takes it: `me` is the session's member, never the browser's word. */
function ownerQuery(owner: string | undefined, you: string): MessageQuery['owner'] {
  if (owner === undefined) return undefined
  if (owner === 'none') return { kind: 'none' }
  return { kind: 'email', email: (owner === 'me' ? you : owner).toLowerCase() }
}

export const listMessages = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(ListMessagesInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    return backend.messages.list({
      owner: ownerQuery(data.owner, context.user.email),
      status: data.status,
      search: data.q,
      page: data.page,
      pageSize: LIMITS.inbox.pageSize,
      from: data.from,
      to: data.to,
      reply: data.reply,
    })
  })

/** One message, or null when there is none (deleted, or a stale link). */
export const getMessage = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data }) => {
    const backend = await getBackend()
    return backend.messages.get(data.id)
  })

/**
 * Opening a message: a new one becomes read with read_at now; others are returned unchanged.
 * Openings are in the activity log: the first with its status change, later ones once an hour per person.
 */
export const openMessage = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data, context }) => changeStatus(data.id, openPatch, actingAs(context.user.email, 'message.open')))

/** The detail panel's toggle: new → read, read → archived, archived → read (docs/product.md#message-statuses). */
export const toggleMessageStatus = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data, context }) => changeStatus(data.id, togglePatch, actingAs(context.user.email)))

/** 'Sil': to the trash, whence 'Geri Al' and 'Geri Yükle' bring it back (docs/product.md#trash). */
export const deleteMessage = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const trashed = await backend.messages.trash([data.id], actingAs(context.user.email))
    if (trashed.length === 0) throw new AppError(404, 'not_found', m.inbox_detail_missing())
    return { removed: trashed.length, ids: trashed.map((message) => message.id) }
  })

export const bulkUpdateStatus = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkUpdateStatusInputSchema))
  .handler(async ({ data, context }) => ({
    updated: await applyBulkAction(data.ids, data.action, actingAs(context.user.email)),
  }))

/** The ticked rows to the trash; returns the ids that went, for 'Geri Al'. */
export const bulkDeleteMessages = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const trashed = await backend.messages.trash(data.ids, actingAs(context.user.email))
    return { removed: trashed.length, ids: trashed.map((message) => message.id) }
  })

/** The current filter and search as a CSV file (at most LIMITS.inbox.exportMax rows). */
export const exportMessagesCsv = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(ExportMessagesInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const file = await exportMessagesFile(backend.messages, {
      owner: ownerQuery(data.owner, context.user.email),
      status: data.status,
      search: data.q,
      from: data.from,
      to: data.to,
      reply: data.reply,
      timeZone: data.timeZone,
      locale: getLocale(),
    })
    // The filter and the count, not the rows: the file itself is what was exported.
    await backend.activity.record({
      ...actingAs(context.user.email),
      action: 'message.export',
      detail: {
        status: data.status,
        search: data.q ?? '',
        from: data.from,
        to: data.to,
        owner: data.owner,
        reply: data.reply,
        count: file.rows,
      },
    })
    if (file.rows > LIMITS.inbox.exportAlertAbove) {
      await backend.mail.alertOwners({ kind: 'large_export', email: context.user.email, count: file.rows })
    }
    return file
  })
