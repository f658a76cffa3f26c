/**
 * Taking in a contact message: drop bots → rate-limit per address → store.
 * Kept apart from the server function so tests can run it against any MessageStore.
 */
import type { MessageStore } from '~/backend/backend'
import { AppError } from '~/lib/app-error'
import { LIMITS } from '~/lib/limits'
import { type RateLimiter, createRateLimiter } from '~/lib/rate-limit.server'
import { m } from '~/paraglide/messages'
import { type ContactSubmission, HONEYPOT_FIELD } from './contact.schemas'

export type ContactOutcome = { status: 'stored'; id: string } | { status: 'dropped' }

export interface ContactDeps {
  messages: Pick<MessageStore, 'create'>
  limiter: RateLimiter
}

/** One limiter per server process (see docs/decisions/011-contact-form.md). */
export const contactLimiter = createRateLimiter(LIMITS.rate.contactPerIp)

/** Takes input already parsed by `parseContactSubmission` (the server function's validator). */
export async function acceptContactMessage(input: ContactSubmission, ip: string, deps: ContactDeps): Promise<ContactOutcome> {
  // A filled honeypot is a bot: answer as if stored, so it learns nothing, and store nothing.
  if (input[HONEYPOT_FIELD].trim() !== '') return { status: 'dropped' }

  if (deps.limiter.hit(ip) > 0) {
    throw new AppError(429, 'rate_limited', m.contact_rate_limited())
  }
  const { name, email, message } = input
  const created = await deps.messages.create({ name, email, message, ipAddress: ip })
  return { status: 'stored', id: created.id }
}
