/**
 * A staff member's reply as its mail: the text they wrote, their signature, a subject in the
 * language they chose. Rendered at delivery from the reply's row; plain text, like every mail.
 */
import type { Locale } from '~/domain/locales'
import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import type { Sql } from '../sql/client'
import { headerSafe } from './mail-rules'
import { newMessageMail, type NotifiedMessage, type RenderedMail } from './templates.server'

/** Who signs a reply, from 'Hesabım': their name and 'İmza'. */
export interface ReplySigner {
  email: string
  name: string | null
  signature: string | null
}

/**
 * The lines under '--': the name, then the signature; the address stands in for a missing name
 * only when there is no signature either, and the firm's name closes an unsigned reply.
 */
export function staffSignature(signer: ReplySigner): string {
  const name = signer.name?.trim() ?? ''
  const signature = signer.signature?.trim() ?? ''
  if (signature === '') return [name || signer.email, SITE.name].join('\n')
  return name === '' ? signature : [name, signature].join('\n')
}

export function replyMail(reply: { body: string; signer: ReplySigner; locale: Locale }): RenderedMail {
  return {
    subject: m.mail_reply_subject({ firm: SITE.name }, { locale: reply.locale }),
    text: [reply.body, '', '--', staffSignature(reply.signer)].join('\n'),
  }
}

/** The reply a queue row stands for (the same id), signed as its author is named at delivery;
 * null when it went with its message. */
export async function renderReply(db: Sql, id: string): Promise<RenderedMail | null> {
  const { rows } = await db.query<{
    body: string
    author: string | null
    locale: Locale
    name: string | null
    signature: string | null
  }>(
    `select r.body, r.author, r.locale, p.display_name as name, p.signature
     from public.message_replies r left join public.staff_profiles p on p.email = lower(r.author)
     where r.id = $1 and r.kind = 'reply'`,
    [id],
  )
  const reply = rows[0]
  if (!reply) return null
  const signer = { email: reply.author ?? '', name: reply.name, signature: reply.signature }
  return replyMail({ body: reply.body, signer, locale: reply.locale })
}

/** A reminder of a lead still unanswered; null once it was answered, or went (or left the inbox). */
export async function renderReplyReminder(
  db: Sql,
  messageId: string | null,
  locale: Locale,
  data: Record<string, unknown>,
): Promise<RenderedMail | null> {
  if (!messageId) return null
  const { rows } = await db.query<NotifiedMessage>(
    `select id, name, email, message, created_at as "createdAt" from public.contact_messages m
     where id = $1 and status in ('new', 'read') and deleted_at is null
       and not exists (select from public.message_replies r where r.message_id = m.id and r.kind = 'reply')`,
    [messageId],
  )
  const message = rows[0]
  if (!message) return null
  const origin = typeof data.origin === 'string' && data.origin !== '' ? data.origin : null
  const hours = typeof data.hours === 'number' ? data.hours : 0
  // The notification's body (sender, date, excerpt, link), under its own subject and first line.
  const base = newMessageMail(message, locale, origin)
  const [, ...rest] = base.text.split('\n')
  return {
    subject: m.mail_reply_reminder_subject({ name: headerSafe(message.name) }, { locale }),
    replyTo: base.replyTo,
    text: [m.mail_reply_reminder_intro({ hours }, { locale }), ...rest].join('\n'),
  }
}
