/** New-message notifications, queued in the message's transaction, one per admin who wants them;
 * past the flood limit, each admin's open digest collects them (decision 090). */
import type { NotificationSettings } from '../backend'
import { normalizeEmail } from '~/domain/accounts'
import type { Locale } from '~/domain/locales'
import { MAIL_PRIORITY } from './mail-rules'
import { LIMITS } from '~/lib/limits'
import { lockUntilCommit } from '../sql/advisory-lock.server'
import type { Sql } from '../sql/client'

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { newMessages: true, locale: 'tr' }

export async function queueMessageNotifications(
  tx: Sql,
  message: { id: string; createdAt: Date },
  linkOrigin: string | null,
  floodMax: number = LIMITS.mail.floodMax,
): Promise<void> {
  await lockUntilCommit(tx, 'mailNotifications')
  const { rows: recipients } = await tx.query<{ email: string; locale: Locale }>(
    `select a.email, coalesce(s.locale, $1) as locale
     from public.admin_emails a left join public.admin_notification_settings s on s.email = a.email
     where coalesce(s.new_messages, $2) order by a.email`,
    [DEFAULT_NOTIFICATION_SETTINGS.locale, DEFAULT_NOTIFICATION_SETTINGS.newMessages],
  )
  if (recipients.length === 0) return
  const { floodWindowSeconds, digestListMax } = LIMITS.mail
  const since = new Date(message.createdAt.getTime() - floodWindowSeconds * 1000)
  // Counted only up to one past the limit; spam sends no mail (decision 030).
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n
     from (select 1 from public.contact_messages where created_at > $1 and status <> 'spam' limit $2) recent`,
    [since, floodMax + 1],
  )
  const emails = recipients.map((r) => r.email)
  const locales = recipients.map((r) => r.locale)
  const origin = JSON.stringify({ origin: linkOrigin })
  if (rows[0]!.n <= floodMax) {
    await tx.query(
      `insert into public.mail_queue (kind, recipient, locale, data, message_id, priority, created_at, next_attempt_at)
       select 'new_message', r.email, r.locale, $1::jsonb, $2, $3, $4, $4
       from unnest($5::text[], $6::text[]) as r (email, locale)`,
      [origin, message.id, MAIL_PRIORITY.new_message, message.createdAt, emails, locales],
    )
    return
  }
  // The digest goes out one window after its first message; later ones join it until then.
  await tx.query(
    `insert into public.mail_queue (kind, recipient, locale, data, priority, created_at, next_attempt_at)
     select 'digest', r.email, r.locale, $1::jsonb || jsonb_build_object('count', 1, 'ids', jsonb_build_array($2::text)),
            $3, $4, $5
     from unnest($6::text[], $7::text[]) as r (email, locale)
     on conflict (recipient) where kind = 'digest' and status = 'pending'
     do update set data = jsonb_set(
       jsonb_set(mail_queue.data, '{count}', to_jsonb((mail_queue.data ->> 'count')::int + 1)),
       '{ids}',
       case when jsonb_array_length(mail_queue.data -> 'ids') < $8
            then (mail_queue.data -> 'ids') || jsonb_build_array($2::text)
            else mail_queue.data -> 'ids' end)`,
    [
      origin,
      message.id,
      MAIL_PRIORITY.digest,
      message.createdAt,
      new Date(message.createdAt.getTime() + floodWindowSeconds * 1000),
      emails,
      locales,
      digestListMax,
    ],
  )
}

export async function readNotificationSettings(db: Sql, adminEmail: string): Promise<NotificationSettings> {
  const { rows } = await db.query<NotificationSettings>(
    `select new_messages as "newMessages", locale from public.admin_notification_settings where email = $1`,
    [normalizeEmail(adminEmail)],
  )
  return rows[0] ?? DEFAULT_NOTIFICATION_SETTINGS
}

export async function writeNotificationSettings(
  db: Sql,
  adminEmail: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const { rows } = await db.query<NotificationSettings>(
    `insert into public.admin_notification_settings (email, new_messages, locale, updated_at) values ($1, $2, $3, now())
     on conflict (email) do update set new_messages = excluded.new_messages, locale = excluded.locale, updated_at = now()
     returning new_messages as "newMessages", locale`,
    [normalizeEmail(adminEmail), settings.newMessages, settings.locale],
  )
  return rows[0]!
}
