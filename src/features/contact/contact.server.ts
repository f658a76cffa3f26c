/** Taking in a contact message: drop bots → rate-limit per address → judge → store. Kept apart from
 * the server function so tests can run it against any MessageStore. */
import type { MessageStore, SpamService } from '~/backend/backend'
import type { NewContactMessage } from '~/domain/messages'
import { type DatabaseRateLimiter, rateLimiter } from '~/backend/rate-limiter.server'
import { rateLimitedError } from '~/lib/app-error'
import type { StampReading } from '~/lib/form-stamp.server'
import { m } from '~/paraglide/messages'
import type { OutsideVerdict } from './akismet.server'
import { type ContactSubmission, HONEYPOT_FIELD } from './contact.schemas'

export type ContactOutcome = { status: 'stored'; id: string; spam: boolean } | { status: 'dropped' }

export interface ContactDeps {
  messages: { create(input: NewContactMessage): ReturnType<MessageStore['create']> }
  limiter: Pick<DatabaseRateLimiter, 'hit'>
  spam: Pick<SpamService, 'judge'>
  /** What the form's time stamp said (read by the caller, which holds the key). */
  stamp?: StampReading
  /** The optional outside check (Akismet); absent or null: our own layers alone. */
  outside?: () => Promise<OutsideVerdict>
}

/** Counted in the database, so the limit survives restarts and holds across server instances
 * (docs/decisions/021-rate-limits.md). */
export const contactLimiter = rateLimiter('contactPerIp')

/** Takes input already parsed by `parseContactSubmission` (the server function's validator). The
 * visitor's answer is the same for spam as for a stored message, so a spammer learns nothing. */
export async function acceptContactMessage(input: ContactSubmission, ip: string, deps: ContactDeps): Promise<ContactOutcome> {
  // A filled honeypot is a bot: answer as if stored, so it learns nothing, and store nothing.
  if (input[HONEYPOT_FIELD].trim() !== '') return { status: 'dropped' }

  // Only messages that would be stored count against the address.
  const wait = await deps.limiter.hit(ip)
  if (wait > 0) throw rateLimitedError(m.contact_rate_limited(), wait)
  const { name, email, message } = input
  const [judgement, outside] = await Promise.all([
    deps.spam.judge({ name, email, message, ...(deps.stamp ? { stamp: deps.stamp } : {}) }),
    deps.outside?.() ?? null,
  ])
  // A sender staff trust stays trusted whatever the outside service thinks.
  const trusted = judgement.signals.some((signal) => signal.rule === 'trusted_sender')
  const spam = judgement.spam || (outside === 'spam' && !trusted)
  const status = spam ? 'spam' : 'new'
  const created = await deps.messages.create({ name, email, message, ipAddress: ip, status, locale: input.locale })
  return { status: 'stored', id: created.id, spam }
}
