/** Sessions staff can see and end ('Hesabım' → 'Oturumlar', docs/decisions/234-staff-sessions.md). */
import type { RequestContext } from './request-context'

/** One of the signed-in person's sessions, as the account page lists it. */
export interface StaffSession {
  /** A public handle: never the cookie's token or its hash. */
  id: string
  /** The browser's user agent at sign-in; null when unknown. */
  userAgent: string | null
  /** The address's /24 or /48 at sign-in (approximateAddress); null when unknown. */
  place: string | null
  createdAt: string
  lastActiveAt: string
  /** The session of the request asking ('Bu oturum'). */
  current: boolean
}

export interface SessionService {
  /** Whether `list` holds every session (built-in) or only the asking one (Supabase Auth has no per-session list). */
  readonly listsAll: boolean
  /** The caller's sessions, the current one first; null without a session. */
  list(ctx: RequestContext): Promise<StaffSession[] | null>
  /** Ends one of the caller's own sessions: 'current' (signed out, its cookies gone) or 'other';
   * null when none of theirs has that id. */
  end(ctx: RequestContext, id: string): Promise<'current' | 'other' | null>
  /** Ends every session of the caller but the current one; how many ended (null: the mode cannot count). */
  endOthers(ctx: RequestContext): Promise<number | null>
}

/** What ended, as every instance hears it (the `staff_sessions_ended` notifications). */
export interface SessionsEnded {
  sessions: string[]
  /** SHA-256 (hex) of each address taken off the team or erased: every session of theirs is over. */
  people: string[]
}

/** Ended sessions and people heard from the database, for the live streams to close. */
export interface SessionEnds {
  /** Resolves, with the unsubscribe function, once endings are being heard. */
  subscribe(listener: (ended: SessionsEnded) => void): Promise<() => void>
}
