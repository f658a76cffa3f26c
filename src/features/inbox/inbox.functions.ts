/**
 * The inbox's server functions: validate → authorize (requireAdmin, in every one) → call the
 * backend. Status changes are computed from the status stored now, never from the browser's.
 */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/index.server'
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

/** Opening a message: a new one becomes read with read_at now; others are returned unchanged. */
export const openMessage = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data }) => changeStatus(data.id, openPatch))

/** The detail panel's toggle: new → read, read → archived, archived → read (docs/product.md#message-statuses). */
export const toggleMessageStatus = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data }) => changeStatus(data.id, togglePatch))

/** 'Sil': to the trash, whence 'Geri Al' and 'Geri Yükle' bring it back (docs/product.md#trash). */
export const deleteMessage = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(MessageIdInputSchema))
  .handler(async ({ data }) => {
    const backend = await getBackend()
    const trashed = await backend.messages.trash([data.id])
    if (trashed.length === 0) throw new AppError(404, 'not_found', m.inbox_detail_missing())
    return { removed: trashed.length, ids: trashed.map((message) => message.id) }
  })

export const bulkUpdateStatus = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkUpdateStatusInputSchema))
  .handler(async ({ data }) => ({ updated: await applyBulkAction(data.ids, data.action) }))

/** The ticked rows to the trash; returns the ids that went, for 'Geri Al'. */
export const bulkDeleteMessages = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(BulkIdsInputSchema))
  .handler(async ({ data }) => {
    const backend = await getBackend()
    const trashed = await backend.messages.trash(data.ids)
    return { removed: trashed.length, ids: trashed.map((message) => message.id) }
  })

/** The current filter and search as a CSV file (at most LIMITS.inbox.exportMax rows). */
export const exportMessagesCsv = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(ExportMessagesInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    return exportMessagesFile(backend.messages, {
      owner: ownerQuery(data.owner, context.user.email),
      status: data.status,
      search: data.q,
      from: data.from,
      to: data.to,
      timeZone: data.timeZone,
      locale: getLocale(),
    })
  })
