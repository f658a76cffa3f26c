/** public.mail_queue: rows written in the transaction that causes a mail, claimed one at a time by
 * whoever delivers, and finished (decision 090). */
import type { CodeDeliveryState } from '../backend'
import type { Locale } from '~/domain/locales'
import { MAIL_PRIORITY, type MailKind } from './mail-rules'
import { LIMITS } from '~/lib/limits'
import type { Sql } from '../sql/client'

export interface MailRow {
  id: string
  kind: MailKind
  recipient: string
  locale: Locale
  data: Record<string, unknown>
  message_id: string | null
  attempts: number
  created_at: Date
  deliver_by: Date | null
}

export type FinalStatus = 'sent' | 'failed' | 'expired' | 'cancelled'

const COLUMNS = 'id, kind, recipient, locale, data, message_id, attempts, created_at, deliver_by'
const leaseMs = () => LIMITS.mail.leaseSeconds * 1000

/** Queues a code mail, dropping the same browser's waiting ones; with `claim` the caller delivers it at once. */
export async function queueCodeMail(
  tx: Sql,
  input: { to: string; code: string; now: Date; deliverBy: Date; claim: boolean; browser?: string | null },
): Promise<MailRow> {
  const browser = input.browser ?? null
  await tx.query(
    `update public.mail_queue set status = 'cancelled', data = '{}'
     where kind = 'sign_in_code' and recipient = $1 and status = 'pending'
       and data ->> 'browser' is not distinct from $2`,
    [input.to, browser],
  )
  const { rows } = await tx.query<MailRow>(
    `insert into public.mail_queue (kind, recipient, data, status, priority, attempts, created_at, next_attempt_at, deliver_by)
     values ('sign_in_code', $1, $2::jsonb, $3, $4, $5, $6, $7, $8)
     returning ${COLUMNS}`,
    [
      input.to,
      JSON.stringify(browser ? { code: input.code, browser } : { code: input.code }),
      input.claim ? 'sending' : 'pending',
      MAIL_PRIORITY.sign_in_code,
      input.claim ? 1 : 0,
      input.now,
      input.claim ? new Date(input.now.getTime() + leaseMs()) : input.now,
      input.deliverBy,
    ],
  )
  return rows[0]!
}

/** The next due row, claimed; null when nothing is due. Only the lease holder calls it. */
export async function claimNextMail(db: Sql, now: Date): Promise<MailRow | null> {
  const { rows } = await db.query<MailRow>(
    `update public.mail_queue set status = 'sending', attempts = attempts + 1, next_attempt_at = $2
     where id = (
       select id from public.mail_queue
       where status in ('pending', 'sending') and next_attempt_at <= $1
       order by priority, next_attempt_at, created_at
       limit 1
       for update skip locked
     )
     returning ${COLUMNS}`,
    [now, new Date(now.getTime() + leaseMs())],
  )
  return rows[0] ?? null
}

export async function finishMail(db: Sql, id: string, status: FinalStatus, now: Date, error?: string): Promise<void> {
  // The code itself is not kept once its mail is done with, whatever became of it.
  await db.query(
    `update public.mail_queue
     set status = $2, sent_at = case when $2 = 'sent' then $3::timestamptz end, last_error = $4,
         data = case when kind = 'sign_in_code' then '{}'::jsonb else data end
     where id = $1 and status = 'sending'`,
    [id, status, now, error ?? null],
  )
}

export async function retryMailAt(db: Sql, id: string, at: Date, error: string): Promise<void> {
  await db.query(
    `update public.mail_queue set status = 'pending', next_attempt_at = $2, last_error = $3
     where id = $1 and status = 'sending'`,
    [id, at, error],
  )
}

export async function cancelMail(db: Sql, id: string): Promise<void> {
  await db.query(
    `update public.mail_queue set status = 'cancelled', data = case when kind = 'sign_in_code' then '{}'::jsonb else data end
     where id = $1 and status in ('pending', 'sending')`,
    [id],
  )
}

const DELIVERY_STATE: Record<string, CodeDeliveryState> = {
  pending: 'queued',
  sending: 'queued',
  sent: 'sent',
  failed: 'failed',
  expired: 'failed',
  cancelled: 'failed',
}

export async function codeDeliveryState(db: Sql, id: string): Promise<CodeDeliveryState | null> {
  const { rows } = await db.query<{ status: string }>(
    `select status from public.mail_queue where id = $1 and kind = 'sign_in_code'`,
    [id],
  )
  return rows[0] ? (DELIVERY_STATE[rows[0].status] ?? null) : null
}

/** When the next row falls due (a retry, a digest's time, a dead worker's claim); null when none waits. */
export async function nextMailDue(db: Sql): Promise<Date | null> {
  const { rows } = await db.query<{ due: Date | null }>(
    `select min(next_attempt_at) as due from public.mail_queue where status in ('pending', 'sending')`,
  )
  return rows[0]?.due ?? null
}

/** The only process on the database (embedded) starting: claims cut off by its predecessor are due now. */
export async function releaseStaleClaims(db: Sql, now: Date): Promise<void> {
  await db.query(`update public.mail_queue set status = 'pending', next_attempt_at = $1 where status = 'sending'`, [now])
}

/** Deletes finished rows older than LIMITS.mail.keepSeconds; returns how many. */
export async function removeFinishedMail(db: Sql, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `delete from public.mail_queue where status not in ('pending', 'sending') and created_at < $1`,
    [new Date(now.getTime() - LIMITS.mail.keepSeconds * 1000)],
  )
  return rowCount
}
