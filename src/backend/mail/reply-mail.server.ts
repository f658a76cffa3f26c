/**
 * A staff member's reply as its mail: the text they wrote, their signature, a subject in the
 * language they chose. Rendered at delivery from the reply's row; plain text, like every mail.
 */
import type { Locale } from '~/domain/locales'
import { SITE } from '~/lib/site-config'
import { m } from '~/paraglide/messages'
import type { Sql } from '../sql/client'
import type { RenderedMail } from './templates.server'

/** How a reply is signed: the staff member's address until staff have names and signatures. */
export function staffSignature(author: string): string {
  return author
}

export function replyMail(reply: { body: string; author: string; locale: Locale }): RenderedMail {
  return {
    subject: m.mail_reply_subject({ firm: SITE.name }, { locale: reply.locale }),
    text: [reply.body, '', '--', staffSignature(reply.author), SITE.name].join('\n'),
  }
}

/** The reply a queue row stands for (the same id); null when it went with its message. */
export async function renderReply(db: Sql, id: string): Promise<RenderedMail | null> {
  const { rows } = await db.query<{ body: string; author: string | null; locale: Locale }>(
    `select body, author, locale from public.message_replies where id = $1 and kind = 'reply'`,
    [id],
  )
  const reply = rows[0]
  return reply ? replyMail({ body: reply.body, author: reply.author ?? '', locale: reply.locale }) : null
}
