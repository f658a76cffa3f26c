/**
 * Working leads as a team (docs/decisions/240-leads-as-a-team.md): staff names, owners, internal
 * notes with mentions, a lead's history. Imports nothing of the app.
 */

/** A team member as the inbox shows them: their name, or their address where they set none. */
export interface StaffMember {
  email: string
  name: string | null
}

export function staffLabel(member: StaffMember | undefined, email: string): string {
  return member?.name?.trim() || email
}

/** 'Adınız' and 'İmza' on the account page. */
export interface StaffProfile {
  email: string
  name: string | null
  signature: string | null
}

/** `?owner=`: the signed-in member's leads, the unassigned ones, or one member's. */
export type OwnerFilter = 'me' | 'none' | string

/** The owner filter as the SQL core takes it: resolved to an address, or unassigned. */
export type OwnerQuery = { kind: 'none' } | { kind: 'email'; email: string }

export interface LeadNote {
  id: string
  messageId: string
  authorEmail: string
  body: string
  mentions: string[]
  createdAt: string
}

/** How long the author may delete their note. */
export const NOTE_DELETE_MINUTES = 10

export function noteDeletable(note: Pick<LeadNote, 'createdAt' | 'authorEmail'>, viewer: string, now: Date): boolean {
  return (
    note.authorEmail === viewer.toLowerCase() && now.getTime() - new Date(note.createdAt).getTime() < NOTE_DELETE_MINUTES * 60_000
  )
}

/** A mention ends at the end, a space or punctuation (a full stop only before a space or the end). */
function endsWord(after: string): boolean {
  if (after === '') return true
  if (after[0] === '.') return after.length === 1 || /\s/.test(after[1]!)
  return !/[\p{L}\p{N}_@-]/u.test(after[0]!)
}

/**
 * The colleagues an `@` in a note names: `@` followed by a member's address, or by their name
 * (its words as written, any case), at the start or after a space. Longest names first, so
 * '@Ayşe Yılmaz' is Ayşe Yılmaz rather than a colleague named Ayşe.
 */
export function mentionedIn(body: string, team: readonly StaffMember[]): string[] {
  const found = new Set<string>()
  const text = body.toLocaleLowerCase('tr')
  const candidates = team
    .flatMap((member) => [
      { key: member.email.toLowerCase(), email: member.email },
      ...(member.name?.trim() ? [{ key: member.name.trim().toLocaleLowerCase('tr'), email: member.email }] : []),
    ])
    .sort((a, b) => b.key.length - a.key.length)
  let at = text.indexOf('@')
  while (at !== -1) {
    if (at === 0 || /\s|[(,;:]/.test(text[at - 1]!)) {
      const rest = text.slice(at + 1)
      const hit = candidates.find((c) => rest.startsWith(c.key) && endsWord(rest.slice(c.key.length)))
      if (hit) found.add(hit.email)
    }
    at = text.indexOf('@', at + 1)
  }
  return [...found]
}

/** One line of a lead's 'Geçmiş': what happened (an activity code), who did it, when. */
export interface HistoryEntry {
  id: string
  at: string
  action: string
  /** A staff member's address, or `site` for an arrival; an erased member's keyed hash. */
  actor: string
  /** Old and new owner or status, the arrival's spam verdict. */
  from?: string | null
  to?: string | null
  spam?: boolean
  /** An owner change made by the owner's removal from the team. */
  left?: boolean
}

/** The actor of what the site itself does (a message arriving through the contact form). */
export const SITE_ACTOR = 'site'

/** Who has a lead open, over the live feed: seen within PRESENCE_TTL_SECONDS, or gone. */
export interface LeadPresence {
  messageId: string
  email: string
  typing: boolean
  /** False when they closed the lead (a closed tab just stops announcing). */
  present: boolean
}

/** How often an open lead says so, and how long after the last word a colleague counts as gone. */
export const PRESENCE_EVERY_SECONDS = 3
export const PRESENCE_TTL_SECONDS = 8
