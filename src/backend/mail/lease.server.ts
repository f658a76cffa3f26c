/** The right to deliver mail, held by one worker at a time across every instance on the database
 * (public.mail_worker_lease). Times are the database's, which all instances share. */
import type { Sql } from '../sql/client'

export interface MailLease {
  /** Takes the lease, or renews it when this holder has it; false while another holder's has not expired. */
  acquire(): Promise<boolean>
  /** Gives it up, so another instance need not wait for it to expire. */
  release(): Promise<void>
  /** Takes it whoever holds it: only for the one process a database can have (embedded). */
  seize(): Promise<void>
}

export function createMailLease(db: Sql, holder: string, seconds: number): MailLease {
  return {
    async acquire() {
      const { rowCount } = await db.query(
        `update public.mail_worker_lease set holder = $1, expires_at = now() + make_interval(secs => $2)
         where holder = $1 or holder is null or expires_at < now()`,
        [holder, seconds],
      )
      return rowCount > 0
    },
    async release() {
      await db.query(`update public.mail_worker_lease set holder = null, expires_at = '-infinity' where holder = $1`, [holder])
    },
    async seize() {
      await db.query(`update public.mail_worker_lease set holder = null, expires_at = '-infinity'`)
    },
  }
}
