/** The status workflow (docs/product.md#message-statuses) as pure functions, so the server functions
 * and the UI agree and the rules are unit-tested in one place. The server always feeds them the
 * status it has stored, never one sent by the browser. */
import type { MessagePatch, MessageStatus } from '~/domain/messages'
import type { BulkAction } from './inbox.schemas'

/** Opening a message: new → read with read_at now; any other status stays as it is. */
export function openPatch(status: MessageStatus, now: Date): MessagePatch | null {
  return status === 'new' ? { status: 'read', readAt: now.toISOString() } : null
}

/** The toggle: new → read (read_at now), read → archived, archived → read (read_at kept); spam stays. */
export function togglePatch(status: MessageStatus, now: Date): MessagePatch | null {
  switch (status) {
    case 'new':
      return { status: 'read', readAt: now.toISOString() }
    case 'read':
      return { status: 'archived' }
    case 'archived':
      return { status: 'read' }
    case 'spam':
      // Spam leaves only through 'Spam Değil' (MessageStore.markNotSpam), which also notifies.
      return null
  }
}

/** What the toggle button offers for a status: 'Okundu İşaretle' or 'Arşivle'. */
export function toggleAction(status: MessageStatus): 'read' | 'archive' {
  return status === 'read' ? 'archive' : 'read'
}

/** A bulk action as at most two store updates. Mark read: new → read (read_at now), archived → read
 * (read_at kept). Archive: read → archived, and new → archived with read_at now, since someone has
 * looked at it (decision record 030). */
export function bulkPatches(
  messages: readonly { id: string; status: MessageStatus }[],
  action: BulkAction,
  now: Date,
): { ids: string[]; patch: MessagePatch }[] {
  const target: MessageStatus = action === 'read' ? 'read' : 'archived'
  const fromNew = messages.filter((msg) => msg.status === 'new').map((msg) => msg.id)
  // Spam leaves only through 'Spam Değil', which also notifies (and teaches the filter).
  const others = messages
    .filter((msg) => msg.status !== 'new' && msg.status !== 'spam' && msg.status !== target)
    .map((msg) => msg.id)
  const groups: { ids: string[]; patch: MessagePatch }[] = []
  if (fromNew.length > 0) groups.push({ ids: fromNew, patch: { status: target, readAt: now.toISOString() } })
  if (others.length > 0) groups.push({ ids: others, patch: { status: target } })
  return groups
}
