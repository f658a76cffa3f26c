/** Changes of public.contact_messages as the database announces them: a statement-level trigger
 * NOTIFYs `inbox_changes` (supabase/migrations/20261125000400_team.sql) with what happened and to
 * how many rows, never a message's content. */
import type { InboxChange, InboxEvents } from '../backend'
import type { SqlDatabase } from './client'
import { createParsedFeed, subscribeHeard } from './notify-feed.server'

/** The channel of the NOTIFY triggers on public.contact_messages. */
export const INBOX_CHANNEL = 'inbox_changes'

const OPS: readonly InboxChange['op'][] = ['insert', 'update', 'delete', 'truncate']

/** `{ op, count }` from the trigger's payload, or null for anything else. */
export function parseInboxNotification(payload: string): InboxChange | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>
    const op = value.op as InboxChange['op']
    const count = value.count
    if (!OPS.includes(op) || typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null
    return { op, count }
  } catch {
    return null
  }
}

export function createInboxEvents(db: SqlDatabase): InboxEvents & { close(): Promise<void> } {
  const feed = createParsedFeed(db, { channel: INBOX_CHANNEL, label: 'inbox', parse: parseInboxNotification })
  // Resolves once changes are heard: an inbox opened now misses none made after.
  return { subscribe: (listener) => subscribeHeard(feed, listener), close: feed.close }
}
