/** The mail queue's pure rules (retries, giving up, excerpts, header-safe names), shared by tests
 * and both delivery paths (decision 090). */
import { LIMITS } from '~/lib/limits'

export const MAIL_KINDS = [
  'sign_in_code',
  'new_message',
  'digest',
  'reply',
  'reply_reminder',
  'owner_alert',
  'lead_assigned',
  'lead_note',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** Sign-in codes first (someone is waiting at the login page), then replies, alerts and single notifications, then digests. */
export const MAIL_PRIORITY: Record<MailKind, number> = {
  sign_in_code: 0,
  owner_alert: 1,
  new_message: 1,
  reply: 1,
  lead_assigned: 1,
  lead_note: 1,
  digest: 2,
  reply_reminder: 2,
}

/** Seconds before the next try after `attempts` failed ones: 5, 10, 20, … up to LIMITS.mail.retryMaxSeconds. */
export function retryDelaySeconds(attempts: number): number {
  const { retryBaseSeconds, retryMaxSeconds } = LIMITS.mail
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30)
  return Math.min(retryBaseSeconds * 2 ** exponent, retryMaxSeconds)
}

export type AfterFailure = { action: 'retry'; at: Date } | { action: 'give_up'; status: 'failed' | 'expired' }

/** After failed attempt `attempts`: retry later, or give up (refused for good, too late for a code or notification). */
export function afterFailure(
  mail: { attempts: number; createdAt: Date; deliverBy: Date | null },
  permanent: boolean,
  now: Date,
): AfterFailure {
  if (permanent) return { action: 'give_up', status: 'failed' }
  const at = new Date(now.getTime() + retryDelaySeconds(mail.attempts) * 1000)
  if (mail.deliverBy && at >= mail.deliverBy) return { action: 'give_up', status: 'expired' }
  if (at.getTime() - mail.createdAt.getTime() > LIMITS.mail.giveUpAfterSeconds * 1000)
    return { action: 'give_up', status: 'failed' }
  return { action: 'retry', at }
}

/** The first lines of a message, as a notification quotes them: at most excerptLines lines and excerptChars characters. */
export function messageExcerpt(text: string): string {
  const { excerptLines, excerptChars } = LIMITS.mail
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
  while (lines.length > 0 && lines[0] === '') lines.shift()
  let excerpt = lines.slice(0, excerptLines).join('\n').trimEnd()
  const cut = excerpt.length > excerptChars || lines.slice(excerptLines).some((line) => line.trim() !== '')
  if (excerpt.length > excerptChars) {
    excerpt = Array.from(excerpt).slice(0, excerptChars).join('').trimEnd()
  }
  return cut ? `${excerpt} …` : excerpt
}

/** A visitor's name as it may stand in a header: one line, no control or format characters. */
export function headerSafe(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The domain of a From address (`Name <a@b.example>` or `a@b.example`), for Message-IDs. */
export function addressDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  return (address.split('@').at(-1) ?? '').trim().toLowerCase() || 'localhost'
}
