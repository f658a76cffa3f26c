/** What one lesson from staff changes: the words counted under each verdict, and the senders
 * remembered. Shared by the SQL store and the corpus tests' in-memory model, so both learn alike. */
import { normalizeEmail } from '~/domain/accounts'
import { isFreeMail } from './free-mail'
import { MESSAGES_TOKEN } from './bayes'
import { domainOf, tokenize } from './text'

export type SpamVerdict = 'spam' | 'ham'

export interface Lesson {
  /** Tokens to count once more under the verdict (and once less under the other, when relearned). */
  tokens: string[]
  /** The sender entries to remember: the address always, the domain on 'ham' unless it is free mail. */
  senders: { sender: string; verdict: SpamVerdict }[]
}

/** The sender's domain as the model counts it; null for free mail and addresses without one. */
export function modelDomain(email: string): string | null {
  const domain = domainOf(email)
  return domain && !isFreeMail(domain) ? domain : null
}

export function lessonOf(message: { name: string; email: string; message: string }, verdict: SpamVerdict): Lesson {
  const email = normalizeEmail(message.email)
  const domain = modelDomain(email)
  const senders: Lesson['senders'] = [{ sender: email, verdict }]
  // A firm's own domain is trusted with its address; spam only ever condemns the one address
  // (a spammer's domain is cheap, and a firm's colleague may still write).
  if (verdict === 'ham' && domain) senders.push({ sender: `@${domain}`, verdict: 'ham' })
  return { tokens: [MESSAGES_TOKEN, ...tokenize(message, domain)], senders }
}
