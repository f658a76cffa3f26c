/** One reminder to staff for a lead still unanswered REPLY_DUE_HOURS after it arrived: never for
 * spam, trash or archive, never twice, dropped if a reply went out meanwhile (decision 220). */
import type { Sql } from '../sql/client'
import { MAIL_PRIORITY } from './mail-rules'
import { DEFAULT_NOTIFICATION_SETTINGS } from './notifications.server'

/** Queues the reminders now due, in one statement (safe across instances); returns how many messages. */
export async function queueReplyReminders(
  db: Sql,
  input: { now: Date; dueHours: number; linkOrigin: string | null },
): Promise<number> {
  const due = new Date(input.now.getTime() - input.dueHours * 3600_000)
  const { rows } = await db.query<{ n: number }>(
    `with due as (
       insert into public.reply_reminders (message_id, queued_at)
       select m.id, $1 from public.contact_messages m
       where m.created_at <= $2 and m.status in ('new', 'read') and m.deleted_at is null
         and not exists (select from public.message_replies r where r.message_id = m.id and r.kind = 'reply')
         and not exists (select from public.reply_reminders d where d.message_id = m.id)
       on conflict (message_id) do nothing
       returning message_id
     ), queued as (
       insert into public.mail_queue (kind, recipient, locale, data, message_id, priority, created_at, next_attempt_at)
       select 'reply_reminder', a.email, coalesce(s.locale, $3), jsonb_build_object('origin', $4::text, 'hours', $5::int),
              due.message_id, $6, $1, $1
       from due cross join public.admin_emails a
       left join public.admin_notification_settings s on s.email = a.email
       where coalesce(s.new_messages, $7)
       returning 1
     )
     select count(*)::int as n from due`,
    [
      input.now,
      due,
      DEFAULT_NOTIFICATION_SETTINGS.locale,
      input.linkOrigin,
      input.dueHours,
      MAIL_PRIORITY.reply_reminder,
      DEFAULT_NOTIFICATION_SETTINGS.newMessages,
    ],
  )
  return rows[0]?.n ?? 0
}
