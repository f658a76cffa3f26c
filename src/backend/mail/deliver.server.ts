/** One attempt at one claimed mail: render, send, record; marked sent right after the server accepts
 * it, so only a crash between the two can duplicate it (decision 090). */
import { afterFailure } from './mail-rules'
import type { OwnerAlert } from '../backend'
import {
  digestMail,
  leadAssignedMail,
  leadNoteMail,
  type NotifiedMessage,
  newMessageMail,
  ownerAlertMail,
  type RenderedMail,
  signInMail,
} from './templates.server'
import { describeFailure, type MailTransport } from './transport.server'
import type { Sql } from '../sql/client'
import { finishMail, type MailRow, retryMailAt } from './queue.server'
import { log } from '~/lib/log.server'
import { renderReply, renderReplyReminder } from './reply-mail.server'

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'expired' | 'cancelled'

export interface DeliveryDeps {
  db: Sql
  transport: MailTransport
  now: () => Date
}

async function messagesById(db: Sql, ids: readonly string[]): Promise<NotifiedMessage[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<NotifiedMessage>(
    `select id, name, email, message, created_at as "createdAt" from public.contact_messages
     where id = any($1::uuid[]) order by created_at, id`,
    [ids],
  )
  return rows
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** A lead handed to a colleague, or a note mentioning them; null once the lead or the note is gone. */
async function colleagueMail(db: Sql, row: MailRow, origin: string | null): Promise<RenderedMail | null> {
  const [message] = row.message_id ? await messagesById(db, [row.message_id]) : []
  if (!message) return null
  const by = stringOrNull(row.data.by) ?? ''
  const { rows: names } = await db.query<{ name: string | null }>(
    'select display_name as name from public.staff_profiles where email = $1',
    [by],
  )
  const colleague = names[0]?.name?.trim() || by
  if (row.kind === 'lead_assigned') return leadAssignedMail(message, colleague, row.locale, origin)
  const { rows: notes } = await db.query<{ body: string }>('select body from public.lead_notes where id = $1', [
    stringOrNull(row.data.note),
  ])
  return notes[0] ? leadNoteMail(message, colleague, notes[0].body, row.locale, origin) : null
}

/** The mail a row stands for; null when there is nothing left to say (its messages were deleted). */
async function render(db: Sql, row: MailRow): Promise<RenderedMail | null> {
  const origin = stringOrNull(row.data.origin)
  if (row.kind === 'sign_in_code') {
    const code = stringOrNull(row.data.code)
    return code ? signInMail(code) : null
  }
  if (row.kind === 'reply') return renderReply(db, row.id)
  if (row.kind === 'reply_reminder') return renderReplyReminder(db, row.message_id, row.locale, row.data)
  if (row.kind === 'owner_alert') return ownerAlertMail(row.data as OwnerAlert, row.locale)
  if (row.kind === 'new_message') {
    const [message] = row.message_id ? await messagesById(db, [row.message_id]) : []
    return message ? newMessageMail(message, row.locale, origin) : null
  }
  if (row.kind === 'lead_assigned' || row.kind === 'lead_note') return colleagueMail(db, row, origin)
  const ids = Array.isArray(row.data.ids) ? row.data.ids.filter((id): id is string => typeof id === 'string') : []
  const messages = await messagesById(db, ids)
  if (messages.length === 0) return null
  const count = typeof row.data.count === 'number' ? row.data.count : messages.length
  // Deleted messages are neither listed nor counted.
  return digestMail(messages, count - (ids.length - messages.length), row.locale, origin)
}

export async function deliverMail(deps: DeliveryDeps, row: MailRow): Promise<DeliveryOutcome> {
  const { db } = deps
  const started = deps.now()
  if (row.deliver_by && started >= row.deliver_by) {
    await finishMail(db, row.id, 'expired', started)
    return 'expired'
  }
  const mail = await render(db, row)
  if (!mail) {
    await finishMail(db, row.id, 'cancelled', started)
    return 'cancelled'
  }
  try {
    await deps.transport.send({ id: row.id, kind: row.kind, to: row.recipient, ...mail })
  } catch (error) {
    const failure = describeFailure(error)
    const now = deps.now()
    const next = afterFailure(
      { attempts: row.attempts, createdAt: row.created_at, deliverBy: row.deliver_by },
      failure.permanent,
      now,
    )
    if (next.action === 'retry') {
      await retryMailAt(db, row.id, next.at, failure.code)
      log().warn(
        { mailKind: row.kind, mailId: row.id, attempt: row.attempts, code: failure.code, nextAt: next.at.toISOString() },
        'mail: an attempt failed',
      )
      return 'retry'
    }
    await finishMail(db, row.id, next.status, now, failure.code)
    log().error(
      { mailKind: row.kind, mailId: row.id, attempt: row.attempts, code: failure.code, status: next.status },
      'mail: given up',
    )
    return next.status
  }
  await finishMail(db, row.id, 'sent', deps.now())
  return 'sent'
}
