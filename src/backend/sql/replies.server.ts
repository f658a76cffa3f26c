/**
 * Replies in public.message_replies, each with its mail in public.mail_queue under the same id
 * (so its Message-ID is known before it leaves), written in one transaction: a stored reply is
 * always queued, and a queued one always delivered at least once (docs/decisions/220-replies.md).
 */
import type { ReplyStore } from '../reply-stores'
import { recordActivity } from './activity.server'
import type { Locale } from '~/domain/locales'
import type { ReplyDelivery, ThreadEntry } from '~/domain/replies'
import { MAIL_PRIORITY } from '../mail/mail-rules'
import type { Sql } from './client'

interface ReplyRow {
  id: string
  kind: 'reply' | 'answer'
  author: string | null
  author_name: string | null
  locale: Locale
  body: string
  delivery: ReplyDelivery | null
  created_at: Date
  sent_at: Date | null
  attachments: { name: string; size: number }[]
}

const COLUMNS = 'id, kind, author, locale, body, delivery, created_at, sent_at, attachments'
/** The same, with the author's name: for statements that read from `message_replies r`. */
const NAMED = `r.id, r.kind, r.author, r.locale, r.body, r.delivery, r.created_at, r.sent_at, r.attachments,
  (select p.display_name from public.staff_profiles p where p.email = lower(r.author)) as author_name`
const RETURNING = `${COLUMNS}, (select p.display_name from public.staff_profiles p where p.email = lower(author)) as author_name`

function toEntry(row: ReplyRow): ThreadEntry {
  return {
    id: row.id,
    kind: row.kind,
    author: row.author,
    authorName: row.author_name ?? null,
    locale: row.locale,
    body: row.body,
    delivery: row.delivery,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
    attachments: row.attachments,
  }
}

interface Answerable {
  email: string
  status: string
  deleted_at: Date | null
}

/** The message, locked until the transaction ends: a reply and a move to the trash never cross. */
async function lockMessage(tx: Sql, id: string): Promise<Answerable | null> {
  const { rows } = await tx.query<Answerable>(
    'select email, status, deleted_at from public.contact_messages where id = $1 for update',
    [id],
  )
  return rows[0] ?? null
}

async function queueReplyMail(tx: Sql, input: { id: string; messageId: string; to: string; locale: Locale; now: Date }) {
  await tx.query(
    `insert into public.mail_queue (id, kind, recipient, locale, message_id, priority, created_at, next_attempt_at)
     values ($1, 'reply', $2, $3, $4, $5, $6, $6) on conflict (id) do nothing`,
    [input.id, input.to, input.locale, input.messageId, MAIL_PRIORITY.reply, input.now],
  )
}

export function createReplyStore(db: Sql, now: () => Date, kick: () => void): ReplyStore {
  const find = async (tx: Sql, id: string) =>
    (
      await tx.query<ReplyRow & { message_id: string }>(
        `select ${NAMED}, r.message_id from public.message_replies r where r.id = $1`,
        [id],
      )
    ).rows[0]

  return {
    async thread(messageId) {
      const { rows } = await db.query<{ locale: Locale | null }>('select locale from public.contact_messages where id = $1', [
        messageId,
      ])
      if (!rows[0]) return null
      const entries = await db.query<ReplyRow>(
        `select ${NAMED} from public.message_replies r where r.message_id = $1 order by r.created_at, r.id`,
        [messageId],
      )
      return { messageId, locale: rows[0].locale, entries: entries.rows.map(toEntry) }
    },

    async send(input, by) {
      const result = await db.transaction(async (tx) => {
        const message = await lockMessage(tx, input.messageId)
        if (!message) return { ok: false as const, reason: 'not_found' as const }
        // The same click again (a retried request): the reply it stored, nothing queued twice.
        const earlier = await find(tx, input.id)
        if (earlier) {
          return earlier.message_id === input.messageId
            ? { ok: true as const, reply: toEntry(earlier), queued: false }
            : { ok: false as const, reason: 'not_found' as const }
        }
        if (message.deleted_at) return { ok: false as const, reason: 'in_trash' as const }
        if (message.status === 'spam') return { ok: false as const, reason: 'spam' as const }
        const at = now()
        const { rows } = await tx.query<ReplyRow>(
          `insert into public.message_replies (id, message_id, kind, author, locale, body, delivery, created_at)
           values ($1, $2, 'reply', $3, $4, $5, 'queued', $6) returning ${RETURNING}`,
          [input.id, input.messageId, input.author, input.locale, input.body, at],
        )
        await queueReplyMail(tx, { id: input.id, messageId: input.messageId, to: message.email, locale: input.locale, now: at })
        // 'Geçmiş': replied, by whom (with the request's id and address when a request sent it).
        await recordActivity(tx, {
          ...by,
          actor: by?.actor ?? input.author,
          action: 'message.reply',
          messageIds: [input.messageId],
          at,
        })
        return { ok: true as const, reply: toEntry(rows[0]!), queued: true }
      })
      if (!result.ok) return result
      if (result.queued) kick()
      return { ok: true, reply: result.reply }
    },

    async resend(id) {
      const entry = await db.transaction(async (tx) => {
        const reply = await find(tx, id)
        if (reply?.kind !== 'reply' || reply.delivery !== 'failed') return null
        const message = await lockMessage(tx, reply.message_id)
        if (!message || message.deleted_at || message.status === 'spam') return null
        const at = now()
        // Its queue row again, with the same id and so the same Message-ID; a new one if it was cleaned away.
        const { rowCount } = await tx.query(
          `update public.mail_queue
           set status = 'pending', attempts = 0, created_at = $2, next_attempt_at = $2, sent_at = null, last_error = null
           where id = $1 and status in ('failed', 'expired', 'cancelled')`,
          [id, at],
        )
        if (rowCount === 0) {
          await queueReplyMail(tx, { id, messageId: reply.message_id, to: message.email, locale: reply.locale, now: at })
        }
        const { rows } = await tx.query<ReplyRow>(
          `update public.message_replies set delivery = 'queued', sent_at = null where id = $1 returning ${RETURNING}`,
          [id],
        )
        return toEntry(rows[0]!)
      })
      if (entry) kick()
      return entry
    },
  }
}
