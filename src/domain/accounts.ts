/** Who signs in, and how an address is compared. Imports nothing of the app. */
export interface AuthUser {
  id: string
  email: string
  /** The session's public id, where the mode keeps sessions of its own (staff-sessions.ts). */
  sessionId?: string
}

/** E-mail addresses are compared trimmed and lowercased everywhere (as Supabase Auth does). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
