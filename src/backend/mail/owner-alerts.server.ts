/** Security alerts to the owners (decision 231): queued with what causes them, one row per owner,
 * rendered in each one's language when delivered. */
import type { OwnerAlert } from '../backend'
import type { Sql } from '../sql/client'
import { MAIL_PRIORITY } from './mail-rules'

/** Who receives them: every address on the admin list that holds the owner role. */
export const OWNER_RECIPIENTS_SQL = `select a.email, coalesce(s.locale, 'tr') as locale
   from public.admin_emails a left join public.admin_notification_settings s on s.email = a.email
   where a.role = 'owner'`

export async function queueOwnerAlert(tx: Sql, alert: OwnerAlert, now: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `insert into public.mail_queue (kind, recipient, locale, data, priority, created_at, next_attempt_at)
     select 'owner_alert', r.email, r.locale, $1::jsonb, $2, $3, $3 from (${OWNER_RECIPIENTS_SQL}) r`,
    [JSON.stringify(alert), MAIL_PRIORITY.owner_alert, now],
  )
  return rowCount
}
