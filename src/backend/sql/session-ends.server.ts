/** Ended sessions and people as the database announces them on `staff_sessions_ended`
 * (supabase/migrations/20261207000700_staff_sessions.sql), for every instance's live streams. */
import { createHash } from 'node:crypto'
import type { SessionEnds, SessionsEnded } from '../staff-sessions'
import type { SqlDatabase } from './client'
import { createParsedFeed, subscribeHeard } from './notify-feed.server'

export const SESSIONS_ENDED_CHANNEL = 'staff_sessions_ended'

/** How a notification names a person: the SHA-256 (hex) of the lowercased address, as the trigger computes it. */
export function personKey(email: string): string {
  return createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex')
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null

/** `{ sessions, people }` from a payload, or null for anything else. */
export function parseSessionsEnded(payload: string): SessionsEnded | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>
    const sessions = value.sessions === undefined ? [] : strings(value.sessions)
    const people = value.people === undefined ? [] : strings(value.people)
    return sessions && people ? { sessions, people } : null
  } catch {
    return null
  }
}

export function createSessionEnds(db: SqlDatabase): SessionEnds & { close(): Promise<void> } {
  const feed = createParsedFeed(db, { channel: SESSIONS_ENDED_CHANNEL, label: 'sessions', parse: parseSessionsEnded })
  return { subscribe: (listener) => subscribeHeard(feed, listener), close: feed.close }
}
