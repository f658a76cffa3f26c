/** Erasures that outlive a restore: the ones recorded after a backup was taken are read before the
 * restore and applied again to the restored rows, so an erased person never comes back (decision 125). */
import { lockUntilCommit } from './advisory-lock.server'
import type { Sql } from './client'
import { eraseSubjectRows, hasBuiltinAuth, loadPrivacyKey, subjectHash } from './privacy.server'

/** An erasure as recorded: enough to recognise the address again, nothing that names it. */
export interface ErasureRecord {
  at: string
  via: 'cli' | 'staff'
  subjectHash: string
  counts: Record<string, number>
}

/** The erasures recorded after `since`, oldest first: what a restore reads before it replaces the tables. */
export async function readErasures(db: Sql, since: Date): Promise<ErasureRecord[]> {
  const { rows } = await db.query<{
    created_at: Date
    via: 'cli' | 'staff'
    subject_hash: string
    counts: Record<string, number>
  }>(`select created_at, via, subject_hash, counts from public.privacy_requests where created_at > $1 order by created_at, id`, [
    since,
  ])
  return rows.map((r) => ({ at: r.created_at.toISOString(), via: r.via, subjectHash: r.subject_hash, counts: r.counts }))
}

/** After a restore from a backup taken at `since`: erases again every address whose erasure was
 * recorded after it, and keeps those records. */
export async function reapplyErasures(tx: Sql, since: Date, erasures?: readonly ErasureRecord[]): Promise<number> {
  await lockUntilCommit(tx, 'privacy')
  const records = erasures ?? (await readErasures(tx, since))
  if (records.length === 0) return 0
  const wanted = new Set(records.map((r) => r.subjectHash))
  const key = await loadPrivacyKey(tx)
  const builtin = await hasBuiltinAuth(tx)
  const { rows } = await tx.query<{ email: string }>(
    `select distinct lower(email) as email from (
       select email from public.contact_messages
       union all select email from public.admin_emails
       union all select email from public.admin_changes
       union all select actor from public.admin_changes where actor is not null
       union all select recipient from public.mail_queue
       union all select substr(key, strpos(key, ':') + 1) from public.rate_limit_hits where key like '%:%@%'
       union all select sender from public.spam_senders where sender like '_%@%'
       union all select email from public.spam_fingerprints
       union all select actor from public.activity_log where actor like '_%@%'
       union all select subject from public.activity_log where subject like '_%@%'
       union all select created_by from public.site_content_versions where created_by like '_%@%'
       union all select author_email from public.lead_notes where author_email like '_%@%'
       ${builtin ? 'union all select email from builtin_auth.users union all select email from builtin_auth.otp_codes' : ''}
     ) candidates`,
  )
  let erased = 0
  for (const { email } of rows) {
    if (!wanted.has(subjectHash(key, email))) continue
    await eraseSubjectRows(tx, email)
    erased += 1
  }
  for (const record of erasures ?? []) {
    await tx.query(
      `insert into public.privacy_requests (created_at, action, via, subject_hash, counts)
       select $1, 'erase', $2, $3, $4
       where not exists (select from public.privacy_requests
                         where created_at = $1 and via = $2 and subject_hash = $3 and counts = $4::jsonb)`,
      [record.at, record.via, record.subjectHash, JSON.stringify(record.counts)],
    )
  }
  return erased
}
