/** A retention pass's lease and tally (decision 185), in public.retention_pass: one pass at a time
 * across instances, and what it has destroyed so far, added by each batch in the transaction that
 * destroys the rows, written as destruction records when the pass ends or, if it died, when the
 * next one starts. */
import { DESTRUCTION_CATEGORIES, type DestructionCategory, type DestructionRecord, type RetentionRun } from '~/domain/privacy'
import type { Sql } from './client'

export type Counts = Partial<Record<DestructionCategory, number>>

const methodOf = (category: DestructionCategory): DestructionRecord['method'] =>
  category === 'ip_addresses' ? 'anonymization' : 'deletion'

/** The pass lost its lease (it ran past leaseSeconds between two batches and another took over). */
export class RetentionLeaseLostError extends Error {
  readonly code = 'retention_lease_lost'
  constructor() {
    super('the retention pass lost its lease to another instance')
  }
}

function recordsOf(at: Date, tally: Counts): RetentionRun['records'] {
  return DESTRUCTION_CATEGORIES.filter((category) => (tally[category] ?? 0) > 0).map((category) => ({
    at: at.toISOString(),
    category,
    method: methodOf(category),
    count: tally[category]!,
  }))
}

async function writeRecords(tx: Sql, records: RetentionRun['records']): Promise<void> {
  if (records.length === 0) return
  await tx.query(
    `insert into public.destruction_records (created_at, category, method, count)
     select r.at, r.category, r.method, r.count
     from unnest($1::timestamptz[], $2::text[], $3::text[], $4::int[]) as r (at, category, method, count)`,
    [records.map((r) => r.at), records.map((r) => r.category), records.map((r) => r.method), records.map((r) => r.count)],
  )
}

/** Takes the lease if it is free, lapsed, or `exclusive`; first writes the records of a pass that
 * died with a tally (under that pass's own time). Null when another instance's pass is under way. */
export async function claim(
  db: Sql,
  holder: string,
  now: Date,
  options: { exclusive?: boolean; leaseSeconds: number },
): Promise<RetentionRun['records'] | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ holder: string | null; lapsed: boolean; pass_at: Date | null; tally: Counts }>(
      'select holder, lease_until < now() as lapsed, pass_at, tally from public.retention_pass for update',
    )
    const row = rows[0]!
    if (row.holder !== null && !row.lapsed && !options.exclusive) return null
    const left = row.pass_at ? recordsOf(row.pass_at, row.tally) : []
    await writeRecords(tx, left)
    await tx.query(
      `update public.retention_pass
       set holder = $1, lease_until = now() + make_interval(secs => $2), pass_at = $3, tally = '{}'`,
      [holder, options.leaseSeconds, now],
    )
    return left
  })
}

/** Adds a batch's counts to the tally and renews the lease, in the batch's transaction. */
export async function addToTally(tx: Sql, holder: string, counts: Counts, leaseSeconds: number): Promise<void> {
  const { rowCount } = await tx.query(
    `update public.retention_pass
     set lease_until = now() + make_interval(secs => $2),
         tally = (select coalesce(jsonb_object_agg(k, coalesce((tally ->> k)::int, 0) + coalesce(($3::jsonb ->> k)::int, 0)), '{}')
                  from jsonb_object_keys(tally || $3::jsonb) as k)
     where holder = $1`,
    [holder, leaseSeconds, JSON.stringify(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)))],
  )
  if (rowCount === 0) throw new RetentionLeaseLostError()
}

/** Writes the pass's records from its tally and frees the lease. */
export async function finish(db: Sql, holder: string, now: Date): Promise<RetentionRun['records']> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ tally: Counts }>('select tally from public.retention_pass where holder = $1 for update', [
      holder,
    ])
    if (!rows[0]) throw new RetentionLeaseLostError()
    const records = recordsOf(now, rows[0].tally)
    await writeRecords(tx, records)
    await tx.query(
      `update public.retention_pass set holder = null, lease_until = '-infinity', pass_at = null, tally = '{}' where holder = $1`,
      [holder],
    )
    return records
  })
}
