/** Status changes read the stored status first and derive the patch from it, so a stale screen (or a
 * crafted request) can only ask "toggle this", never "set it to X". */
import type { ContactMessage, MessagePatch, MessageStatus } from '~/domain/messages'
import type { ActedBy } from '~/backend/backend'
import { getBackend } from '~/backend/get-backend.server'
import { AppError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import type { BulkAction } from './inbox.schemas'
import { bulkPatches } from './message-status'

/** Applies the patch `decide` picks for the message's current status; null means no change. */
export async function changeStatus(
  id: string,
  decide: (status: MessageStatus, now: Date) => MessagePatch | null,
  by: ActedBy,
): Promise<ContactMessage> {
  const backend = await getBackend()
  const current = await backend.messages.get(id)
  if (!current) throw new AppError(404, 'not_found', m.inbox_detail_missing())
  // A message in the trash stays as it was deleted until it is restored.
  const patch = current.deletedAt ? null : decide(current.status, new Date())
  // Opening changes nothing here, yet is recorded (once an hour per person and message): who read whose message.
  if (!patch) {
    if (by.action === 'message.open') await backend.activity.record({ ...by, action: 'message.open', messageIds: [id] })
    return current
  }
  const [updated] = await backend.messages.update([id], patch, { status: current.status }, by)
  if (updated) return updated
  // Changed by someone else, or deleted, between the read and the write.
  const now = await backend.messages.get(id)
  if (!now) throw new AppError(404, 'not_found', m.inbox_detail_missing())
  return now
}

/**
 * Marks read or archives up to LIMITS.inbox.bulkMax messages; returns how many changed. The
 * stored statuses are read in one query; each update applies only to rows still in the status
 * it was computed from (every group of bulkPatches comes from one status).
 */
export async function applyBulkAction(ids: string[], action: BulkAction, by: ActedBy): Promise<number> {
  const backend = await getBackend()
  const current = (await backend.messages.getMany(ids))
    .filter((msg) => msg.deletedAt === null)
    .map(({ id, status }) => ({ id, status }))
  const statusOf = new Map(current.map((msg) => [msg.id, msg.status]))
  let changed = 0
  for (const { ids: group, patch } of bulkPatches(current, action, new Date())) {
    const from = statusOf.get(group[0]!)!
    changed += (await backend.messages.update(group, patch, { status: from }, by)).length
  }
  return changed
}
