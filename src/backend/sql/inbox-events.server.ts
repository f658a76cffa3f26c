/**
 * Changes of public.contact_messages as the database announces them: a statement-level trigger
 * NOTIFYs `inbox_changes` (supabase/migrations/20261125000400_team.sql) with what happened and to
 * how many rows, never a message's content. One LISTEN per process, started by the first
 * subscriber, fans out to every open inbox of this process, whichever instance wrote the rows.
 */
import type { InboxChange, InboxEvents } from '../backend'
import type { SqlDatabase } from './client'
import { log } from '~/lib/log.server'

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

type Listener = (change: InboxChange) => void

export function createInboxEvents(db: SqlDatabase): InboxEvents & { close(): Promise<void> } {
  const listeners = new Set<Listener>()
  let stopListening: Promise<() => Promise<void>> | null = null

  function hear(payload: string): void {
    const change = parseInboxNotification(payload)
    if (!change) return log().warn('inbox: ignored a malformed notification')
    for (const listener of [...listeners]) {
      // One closed stream must not keep the others from hearing it.
      try {
        listener(change)
      } catch (error) {
        log().error({ err: error }, 'inbox: a change listener failed')
      }
    }
  }

  function listening(): Promise<() => Promise<void>> {
    if (!stopListening) {
      const started = db.listen(INBOX_CHANNEL, hear)
      stopListening = started
      // A failed LISTEN is not kept: the next subscriber tries again.
      started.catch(() => {
        if (stopListening === started) stopListening = null
      })
    }
    return stopListening
  }

  return {
    async subscribe(listener) {
      // A wrapper per call, so subscribing the same function twice needs two unsubscribes.
      const entry: Listener = (change) => listener(change)
      await listening()
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
    async close() {
      listeners.clear()
      const stop = await stopListening?.catch(() => null)
      stopListening = null
      await stop?.()
    },
  }
}
