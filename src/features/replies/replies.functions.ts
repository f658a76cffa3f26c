/**
 * Replies from the desk: validate → authorize (requireAdmin, in every one) → the backend. A reply
 * is stored and queued in one transaction; the mail worker delivers it (docs/decisions/220-replies.md).
 */
import { createServerFn } from '@tanstack/react-start'
import { getBackend } from '~/backend/get-backend.server'
import type { ReplyRefusal } from '~/domain/replies'
import { actingAs } from '~/features/activity/acting.server'
import { requireAdmin } from '~/features/auth/require-admin'
import { AppError } from '~/lib/app-error'
import { validate } from '~/lib/validate'
import { m } from '~/paraglide/messages'
import { ResendReplyInputSchema, SendReplyInputSchema, ThreadInputSchema } from './replies.schemas'

function refusal(reason: ReplyRefusal): AppError {
  if (reason === 'in_trash') return new AppError(409, 'reply_message_in_trash', m.replies_refused_trash())
  if (reason === 'spam') return new AppError(409, 'reply_message_spam', m.replies_refused_spam())
  return new AppError(404, 'not_found', m.inbox_detail_missing())
}

/**
 * 'Yazışma': the message's thread, and whether mail really leaves (no SMTP: outbox.jsonl); null
 * when the message is gone (deleted while open), as getMessage answers.
 */
export const getThread = createServerFn({ method: 'GET' })
  .middleware([requireAdmin])
  .validator(validate(ThreadInputSchema))
  .handler(async ({ data }) => {
    const backend = await getBackend()
    const thread = await backend.replies.thread(data.messageId)
    return thread ? { ...thread, delivery: backend.mail.delivery } : null
  })

/** 'Gönder': from MAIL_FROM to the visitor, signed by the staff member who sent it. */
export const sendReply = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(SendReplyInputSchema))
  .handler(async ({ data, context }) => {
    const backend = await getBackend()
    const result = await backend.replies.send(
      {
        id: data.replyId,
        messageId: data.messageId,
        author: context.user.email,
        locale: data.locale,
        body: data.body,
      },
      actingAs(context.user.email),
    )
    if (!result.ok) throw refusal(result.reason)
    return result.reply
  })

/** 'Tekrar Gönder': a reply the queue gave up on, queued again with the same Message-ID. */
export const resendReply = createServerFn({ method: 'POST' })
  .middleware([requireAdmin])
  .validator(validate(ResendReplyInputSchema))
  .handler(async ({ data }) => {
    const backend = await getBackend()
    const reply = await backend.replies.resend(data.replyId)
    if (!reply) throw new AppError(409, 'reply_not_resendable', m.replies_not_found())
    return reply
  })
