/** Many messages at once (npm run seed, benchmarks), on either driver (docs/decisions/143). */
import type { ContactMessageSeed } from '../seed-messages'
import type { Sql } from './client'
import { insertContactMessages } from './messages.server'

/** Rows per INSERT … SELECT FROM unnest(…): larger batches stop paying off in PGlite's memory. */
export const BULK_BATCH_ROWS = 5_000

export interface BulkInsertReport {
  /** 'rebuild': indexes dropped and created again; 'in-place': inserted with every index kept. */
  path: 'rebuild' | 'in-place'
  /** Why the rows went in with the indexes in place, when they did. */
  reason?: 'few-rows' | 'not-owner'
  /** The secondary indexes created again (none on the in-place path). */
  indexes: string[]
  insertMs: number
  indexMs: number
}

interface IndexDefinition {
  name: string
  definition: string
}

/** The indexes a load may drop and create again: every valid index of the table that no constraint
 * needs (the primary key and unique constraints stay, and with them their checks). */
async function secondaryIndexes(db: Sql): Promise<IndexDefinition[]> {
  const { rows } = await db.query<IndexDefinition>(
    `select quote_ident(ns.nspname) || '.' || quote_ident(c.relname) as name,
            pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     join pg_namespace ns on ns.oid = c.relnamespace
     where i.indrelid = 'public.contact_messages'::regclass
       and i.indisvalid and not i.indisprimary and not i.indisunique and not i.indisexclusion
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
     order by c.relname`,
  )
  return rows
}

/** May this session drop and create the table's indexes? Only its owner (or a member of the owner's role) may. */
async function ownsTable(db: Sql): Promise<boolean> {
  const { rows } = await db.query<{ owns: boolean }>(
    `select pg_has_role(current_user, c.relowner, 'USAGE') as owns from pg_class c where c.oid = 'public.contact_messages'::regclass`,
  )
  return rows[0]?.owns === true
}

/** Each batch is made while the one before is in the database: on a server the two overlap (the
 * factory and the parameters' encoding are the tool's own CPU); on PGlite it changes nothing. */
async function insertBatches(
  db: Sql,
  count: number,
  make: (i: number) => ContactMessageSeed,
  onProgress?: (done: number) => void,
): Promise<void> {
  let inFlight: Promise<unknown> = Promise.resolve()
  try {
    for (let done = 0; done < count; done += BULK_BATCH_ROWS) {
      const batch = Array.from({ length: Math.min(BULK_BATCH_ROWS, count - done) }, (_, i) => make(done + i))
      await inFlight
      if (done > 0) onProgress?.(done)
      inFlight = insertContactMessages(db, batch)
    }
    await inFlight
    onProgress?.(count)
  } catch (error) {
    // The batch under way ends before the caller rolls back or reports.
    await inFlight.catch(() => undefined)
    throw error
  }
}

/** Inserts `make(0)` … `make(count - 1)`. The per-status counts stay exact on both paths: their
 * triggers fire once per statement (20261121000400_message_counts.sql), which costs nothing
 * measurable beside the rows, so they stay enabled. */
export async function bulkInsertMessages(
  db: Sql,
  count: number,
  make: (i: number) => ContactMessageSeed,
  options: { onProgress?: (done: number) => void; onRebuild?: (indexes: readonly string[]) => void } = {},
): Promise<BulkInsertReport> {
  const started = performance.now()
  const existing = await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')
  const reason = count < (existing.rows[0]?.n ?? 0) ? 'few-rows' : !(await ownsTable(db)) ? 'not-owner' : undefined
  if (reason) {
    await insertBatches(db, count, make, options.onProgress)
    return { path: 'in-place', reason, indexes: [], insertMs: performance.now() - started, indexMs: 0 }
  }
  return db.transaction(async (tx) => {
    const indexes = await secondaryIndexes(tx)
    for (const index of indexes) await tx.exec(`drop index ${index.name}`)
    await insertBatches(tx, count, make, options.onProgress)
    const inserted = performance.now()
    options.onRebuild?.(indexes.map((index) => index.name))
    for (const index of indexes) await tx.exec(index.definition)
    return {
      path: 'rebuild' as const,
      indexes: indexes.map((index) => index.name),
      insertMs: inserted - started,
      indexMs: performance.now() - inserted,
    }
  })
}
