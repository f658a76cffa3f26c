/**
 * Taking in a contact message: drop bots → rate-limit per address → store.
 * Kept apart from the server function so tests can run it against any MessageStore.
 */
import type { MessageStore } from '~/backend/backend'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { createDatabaseRateLimiter, type DatabaseRateLimiter } from '~/backend/rate-limiter.server'
import { m } from '~/paraglide/messages'
import { type ContactSubmission, HONEYPOT_FIELD } from './contact.schemas'

export type ContactOutcome = { status: 'stored'; id: string } | { status: 'dropped' }

export interface ContactDeps {
  messages: Pick<MessageStore, 'create'>
  limiter: Pick<DatabaseRateLimiter, 'hit'>
}

/**
 * Counted in the database, so the limit survives restarts and holds across server instances
 * (docs/decisions/006-database-rate-limits.md).
 */
export const contactLimiter = createDatabaseRateLimiter(LIMITS.rate.contactPerIp)

/** 429 in the caller's language; the server function sends `retryAfterSeconds` as Retry-After. */
export class ContactRateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate_limited', m.contact_rate_limited(), undefined, retryAfterSeconds)
  }
}

/** Takes input already parsed by `parseContactSubmission` (the server function's validator). */
export async function acceptContactMessage(input: ContactSubmission, ip: string, deps: ContactDeps): Promise<ContactOutcome> {
  // A filled honeypot is a bot: answer as if stored, so it learns nothing, and store nothing.
  if (input[HONEYPOT_FIELD].trim() !== '') return { status: 'dropped' }

  // Only messages that would be stored count against the address.
  const wait = await deps.limiter.hit(ip)
  if (wait > 0) throw new ContactRateLimitedError(wait)
  const { name, email, message } = input
  const created = await deps.messages.create({ name, email, message, ipAddress: ip })
  return { status: 'stored', id: created.id }
}
