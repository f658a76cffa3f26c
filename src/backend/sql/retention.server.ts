/**
 * The retention job (docs/kvkk.md, decision 125): destroys what is past its period and writes one
 * destruction record per category it destroyed something in. One run at a time across instances
 * (a transaction-level advisory lock taken without waiting: an instance that finds it held skips
 * the run, since the other is doing the same work).
 */
import { tryLockUntilCommit } from './advisory-lock.server'
import type { DestructionCategory, DestructionRecord, RetentionPolicy, RetentionRun } from '~/domain/privacy'
import type { Sql } from './client'

const DAY_MS = 24 * 60 * 60 * 1000

type Cutoff = 'message' | 'ip' | 'trash' | 'spam' | 'now' | 'records'

interface Step {
  category: DestructionCategory
  method: DestructionRecord['method']
  before?: Cutoff
  sql: string
}

/**
 * Messages past a period, by category, in order: a row is counted in the first that takes it.
 * Their notification mail goes with them (a trigger of 20261125000300_mail.sql), counted under 'mail'.
 */
const MESSAGE_STEPS: { category: DestructionCategory; where: string; before: Cutoff }[] = [
  { category: 'messages', before: 'message', where: 'created_at < $1' },
  { category: 'trash', before: 'trash', where: 'deleted_at < $1' },
  { category: 'spam', before: 'spam', where: `status = 'spam' and created_at < $1` },
]

const OTHER_STEPS: Step[] = [
  {
    category: 'ip_addresses',
    method: 'anonymization',
    before: 'ip',
    sql: 'update public.contact_messages set ip_address = null where ip_address is not null and created_at < $1',
  },
  {
    // Digests list message ids: one whose messages are all gone has nothing left to say.
    category: 'mail',
    method: 'deletion',
    sql: `delete from public.mail_queue q
          where (q.message_id is not null
                 and not exists (select from public.contact_messages m where m.id = q.message_id))
             or (q.kind = 'digest' and jsonb_array_length(coalesce(q.data -> 'ids', '[]'::jsonb)) > 0
                 and not exists (select from public.contact_messages m
                                 where m.id::text in (select jsonb_array_elements_text(q.data -> 'ids'))))`,
  },
  {
    category: 'rate_limits',
    method: 'deletion',
    before: 'now',
    sql: 'delete from public.rate_limit_hits where expires_at < $1',
  },
  {
    category: 'destruction_records',
    method: 'deletion',
    before: 'records',
    sql: 'delete from public.destruction_records where created_at < $1',
  },
]

export async function runRetention(db: Sql, policy: RetentionPolicy, now: Date): Promise<RetentionRun> {
  const day = (n: number) => new Date(now.getTime() - n * DAY_MS)
  const recordsBefore = new Date(now)
  recordsBefore.setUTCFullYear(recordsBefore.getUTCFullYear() - policy.recordYears)
  const cutoffs: Record<Cutoff, Date> = {
    message: day(policy.messageDays),
    ip: day(policy.ipDays),
    trash: day(policy.trashDays),
    spam: day(policy.spamDays),
    now,
    records: recordsBefore,
  }
  return db.transaction(async (tx) => {
    if (!(await tryLockUntilCommit(tx, 'retention'))) return { ran: false, records: [] }
    const counts = new Map<DestructionCategory, { method: DestructionRecord['method']; count: number }>()
    const add = (category: DestructionCategory, method: DestructionRecord['method'], count: number) => {
      if (count > 0) counts.set(category, { method, count: (counts.get(category)?.count ?? 0) + count })
    }
    for (const step of MESSAGE_STEPS) {
      const cutoff = [cutoffs[step.before]]
      const mail = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.mail_queue
         where message_id in (select id from public.contact_messages where ${step.where})`,
        cutoff,
      )
      const { rowCount } = await tx.query(`delete from public.contact_messages where ${step.where}`, cutoff)
      add(step.category, 'deletion', rowCount)
      add('mail', 'deletion', mail.rows[0]!.n)
    }
    for (const step of OTHER_STEPS) {
      const { rowCount } = await tx.query(step.sql, step.before ? [cutoffs[step.before]] : [])
      add(step.category, step.method, rowCount)
    }
    const records = [...counts].map(([category, { method, count }]) => ({ at: now.toISOString(), category, method, count }))
    if (records.length > 0) {
      await tx.query(
        `insert into public.destruction_records (created_at, category, method, count)
         select $1, r.category, r.method, r.count from unnest($2::text[], $3::text[], $4::int[]) as r (category, method, count)`,
        [now, records.map((r) => r.category), records.map((r) => r.method), records.map((r) => r.count)],
      )
    }
    return { ran: true, records }
  })
}

/** The newest destruction records first, for the staff page. */
export async function listDestructionRecords(db: Sql, limit: number): Promise<DestructionRecord[]> {
  const { rows } = await db.query<{
    id: string
    created_at: Date
    category: DestructionCategory
    method: DestructionRecord['method']
    count: number
  }>(
    `select id::text as id, created_at, category, method, count from public.destruction_records
     order by created_at desc, id desc limit $1`,
    [Math.max(0, Math.floor(limit))],
  )
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at.toISOString(),
    category: row.category,
    method: row.method,
    count: row.count,
  }))
}
