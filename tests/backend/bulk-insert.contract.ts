/**
 * What a bulk load (src/backend/sql/bulk-insert.server.ts, npm run seed) must leave behind, on
 * either driver: every index the table had before, with the same definitions (one added at run
 * time included, as another migration might add one), per-status counts equal to a COUNT(*),
 * and the searches finding the new rows. Used by the embedded test (PGlite) and tests/postgres.
 */
import { expect } from 'vitest'
import { fakeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import type { Sql } from '~/backend/sql/client'

const NOW = new Date('2026-11-27T09:00:00Z')
export const make = (i: number) => fakeContactMessage(i, { now: NOW })

/** Every index of the table as the catalogue defines it, by name. */
export async function indexDefinitions(db: Sql): Promise<Record<string, string>> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'contact_messages'`,
  )
  return Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]))
}

/** The stored counts beside a COUNT(*) of each bucket (a status, or 'trash'). */
export async function countsBeside(db: Sql): Promise<{ stored: Record<string, number>; counted: Record<string, number> }> {
  const stored = await db.query<{ status: string; n: number }>('select status, n::int as n from public.contact_message_counts')
  const counted = await db.query<{ status: string; n: number }>(
    `select b.status, count(m.id)::int as n
     from public.contact_message_counts b
     left join public.contact_messages m
       on b.status = case when m.deleted_at is null then m.status else 'trash' end
     group by b.status`,
  )
  const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]))
  return { stored: byStatus(stored.rows), counted: byStatus(counted.rows) }
}

/** A load into a table holding fewer rows: indexes rebuilt, nothing about them changed. */
export async function expectRebuildKeepsIndexesAndCounts(db: Sql, count: number): Promise<void> {
  // An index this file knows nothing of, as the search helper's next migration might add.
  await db.exec(
    `create index contact_messages_bulk_test_idx on public.contact_messages (lower(name) text_pattern_ops, created_at desc)
     with (fillfactor = 80) where deleted_at is null`,
  )
  const before = await indexDefinitions(db)
  expect(Object.keys(before).length).toBeGreaterThan(8)

  const report = await bulkInsertMessages(db, count, make)

  expect(report.path).toBe('rebuild')
  expect(report.indexes).toContain('public.contact_messages_bulk_test_idx')
  expect(await indexDefinitions(db)).toEqual(before)
  const { stored, counted } = await countsBeside(db)
  expect(stored).toEqual(counted)
  expect(Object.values(counted).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(count)

  // The rebuilt indexes answer as before: a word of the texts, a word start (decision 077).
  const found = await db.query<{ text: number; starts: number }>(
    `select count(*) filter (where message ilike '%platform%')::int as text,
            count(*) filter (where search_word_starts @> array['me'])::int as starts
     from public.contact_messages`,
  )
  expect(found.rows[0]!.text).toBeGreaterThan(0)
  expect(found.rows[0]!.starts).toBeGreaterThan(0)
  await db.exec('drop index public.contact_messages_bulk_test_idx')
}

/** A load that fails half-way: no row of it stays, and every index is back as it was. */
export async function expectFailedLoadLeavesTableAsItWas(db: Sql, count: number, failAt: number): Promise<void> {
  const before = await indexDefinitions(db)
  const rowsBefore = (await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')).rows[0]!.n
  const countsBefore = await countsBeside(db)

  const failing = (i: number) => {
    if (i === failAt) throw new Error('the factory failed')
    return make(i)
  }
  await expect(bulkInsertMessages(db, count, failing)).rejects.toThrow('the factory failed')

  expect(await indexDefinitions(db)).toEqual(before)
  const rowsAfter = (await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')).rows[0]!.n
  expect(rowsAfter).toBe(rowsBefore)
  expect(await countsBeside(db)).toEqual(countsBefore)
}
