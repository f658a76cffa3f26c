/**
 * The activity log (public.activity_log, docs/decisions/230-activity-log.md) on the SQL core.
 * An action writes its row with recordActivity() in the action's own transaction, so the row
 * exists exactly when the action happened. The server's role can only insert and read the table;
 * erasure and retention change it through two SECURITY DEFINER functions.
 */
import { type ActivityEntry, type ActivityQuery, type ActivityRow, approximateAddress } from '~/domain/activity'
import type { Sql } from './client'

/** Writes one row in `tx` (the action's transaction, or the database for a row of its own). */
export async function recordActivity(tx: Sql, entry: ActivityEntry): Promise<void> {
  await tx.query(
    `insert into public.activity_log (at, actor, action, message_ids, subject, detail, request_id, address)
     values (coalesce($1::timestamptz, now()), $2, $3, $4::uuid[], $5, $6::jsonb, $7, $8)`,
    [
      entry.at ?? null,
      entry.actor,
      entry.action,
      [...(entry.messageIds ?? [])],
      entry.subject ?? null,
      JSON.stringify(entry.detail ?? {}),
      entry.requestId ?? null,
      approximateAddress(entry.ip),
    ],
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * An opening of a message that changed nothing (it was read already): written only when the same
 * person has no 'message.open' row for it within `withinSeconds` of `entry.at`, so a lead reopened
 * all day gives a 'read' line an hour, not hundreds. The GIN index finds the message's few rows.
 */
export async function recordOpening(db: Sql, entry: ActivityEntry & { at: Date }, withinSeconds: number): Promise<void> {
  const [messageId] = entry.messageIds ?? []
  if (!messageId || !UUID.test(messageId)) return recordActivity(db, entry)
  await db.query(
    `insert into public.activity_log (at, actor, action, message_ids, detail, request_id, address)
     select $1::timestamptz, $2, 'message.open', array[$3::uuid], '{}'::jsonb, $4, $5
     where not exists (
       select 1 from public.activity_log
       where message_ids @> array[$3::uuid] and action = 'message.open' and actor = $2
         and at > $1::timestamptz - make_interval(secs => $6))`,
    [entry.at, entry.actor, messageId, entry.requestId ?? null, approximateAddress(entry.ip), withinSeconds],
  )
}

interface Row {
  id: string
  at: Date
  actor: string
  action: string
  message_ids: string[]
  subject: string | null
  detail: Record<string, unknown>
  request_id: string | null
  address: string | null
}

const COLUMNS = 'id::text as id, at, actor, action, message_ids::text[] as message_ids, subject, detail, request_id, address'

function toRow(row: Row): ActivityRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    messageIds: row.message_ids,
    subject: row.subject,
    detail: row.detail,
    requestId: row.request_id,
    address: row.address,
  }
}

/** The rows naming the message, newest first (its history; the GIN index finds them). */
export async function listActivityForMessage(db: Sql, messageId: string, limit: number): Promise<ActivityRow[]> {
  if (!UUID.test(messageId)) return []
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from public.activity_log where message_ids @> array[$1::uuid]
     order by at desc, id desc limit $2`,
    [messageId, limit],
  )
  return rows.map(toRow)
}

/** A page of the log, newest first, filtered by actor, action and time. */
export async function listActivity(db: Sql, query: ActivityQuery): Promise<ActivityRow[]> {
  const where: string[] = []
  const params: unknown[] = []
  const add = (clause: string, value: unknown) => {
    params.push(value)
    where.push(clause.replace('?', `$${params.length}`))
  }
  if (query.actor) add('lower(actor) = lower(?)', query.actor)
  if (query.action) add('action = ?', query.action)
  if (query.from) add('at >= ?::timestamptz', query.from)
  if (query.until) add('at < ?::timestamptz', query.until)
  if (query.before && /^\d+$/.test(query.before)) add('id < ?::bigint', query.before)
  params.push(query.limit)
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from public.activity_log ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by at desc, id desc limit $${params.length}`,
    params,
  )
  return rows.map(toRow)
}

/** Erasure: the address becomes `hash` wherever it is the actor or the subject; returns the rows changed. */
export async function pseudonymizeActivity(tx: Sql, address: string, hash: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('select private.activity_log_pseudonymize($1, $2) as n', [
    address.trim().toLowerCase(),
    hash,
  ])
  return rows[0]?.n ?? 0
}

/** Retention: deletes at most `batch` rows older than `cutoff`, oldest first; returns how many. */
export async function expireActivity(tx: Sql, cutoff: Date, batch: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('select private.activity_log_expire($1, $2) as n', [cutoff, batch])
  return rows[0]?.n ?? 0
}

/** The rows written after `since`, as stored: what a restore from an older backup must keep. */
export async function readActivitySince(db: Sql, since: Date): Promise<ActivityRow[]> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from public.activity_log where at > $1 order by id`, [since])
  return rows.map(toRow)
}

/**
 * After a restore (as the database's owner, in its transaction): puts back the rows read before it
 * (readActivitySince) that the backup did not hold, with their ids, and moves the ids on past them.
 */
export async function keepActivityRows(tx: Sql, rows: readonly ActivityRow[]): Promise<void> {
  for (const row of rows) {
    await tx.query(
      `insert into public.activity_log (id, at, actor, action, message_ids, subject, detail, request_id, address)
       overriding system value values ($1, $2, $3, $4, $5::uuid[], $6, $7::jsonb, $8, $9) on conflict (id) do nothing`,
      [
        row.id,
        row.at,
        row.actor,
        row.action,
        row.messageIds,
        row.subject,
        JSON.stringify(row.detail),
        row.requestId,
        row.address,
      ],
    )
  }
  await tx.query(
    `select pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.activity_log', 'id'),
       coalesce((select max(id) from public.activity_log), 0) + 1, false)`,
  )
}
