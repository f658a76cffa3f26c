/**
 * Status changes read the stored status first and derive the patch from it, so a stale
 * screen (or a crafted request) can only ask "toggle this", never "set it to X".
 */
import type { ContactMessage, MessagePatch, MessageStatus, MessageStore } from '~/backend/backend'
import { getBackend } from '~/backend/index.server'
import { AppError } from '~/lib/app-error'
import { m } from '~/paraglide/messages'
import type { BulkAction } from './inbox.schemas'
import { bulkPatches } from './message-status'

/** Applies the patch `decide` picks for the message's current status; null means no change. */
export async function changeStatus(
  id: string,
  decide: (status: MessageStatus, now: Date) => MessagePatch | null,
): Promise<ContactMessage> {
  const backend = await getBackend()
  const current = await backend.messages.get(id)
  if (!current) throw new AppError(404, 'not_found', m.inbox_detail_missing())
  const patch = decide(current.status, new Date())
  if (!patch) return current
  const [updated] = await backend.messages.update([id], patch)
  // Deleted between the read and the write.
  if (!updated) throw new AppError(404, 'not_found', m.inbox_detail_missing())
  return updated
}

/** Marks read or archives up to LIMITS.inbox.bulkMax messages; returns how many changed. */
export async function applyBulkAction(ids: string[], action: BulkAction): Promise<number> {
  const backend = await getBackend()
  const current = await currentStatuses(backend.messages, ids)
  let changed = 0
  for (const { ids: group, patch } of bulkPatches(current, action, new Date())) {
    changed += (await backend.messages.update(group, patch)).length
  }
  return changed
}

/**
 * The stored status of each id that exists. The store has no "get many", so this reads them
 * a few at a time (see the interface request in docs/decisions/030-inbox-status-workflow.md).
 */
async function currentStatuses(store: MessageStore, ids: string[]): Promise<{ id: string; status: MessageStatus }[]> {
  const found: { id: string; status: MessageStatus }[] = []
  const concurrency = 8
  for (let i = 0; i < ids.length; i += concurrency) {
    const batch = await Promise.all(ids.slice(i, i + concurrency).map((id) => store.get(id)))
    for (const message of batch) if (message) found.push({ id: message.id, status: message.status })
  }
  return found
}
