/**
 * Today's visit figures (visit_live, kept by page_views' trigger) on PostgreSQL 17 as the server's
 * role: batches from several connections at once, sharing visitors, their views out of order and
 * some stored twice, leave the counts equal to every raw view grouped again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { pgDatabase } from '~/backend/sql/pg.server'
import type { SqlDatabase } from '~/backend/sql/client'
import { LIVE_FIGURES, RAW_FIGURES } from '../backend/visit-live.contract'
import { createSupabaseDatabase, type SupabaseDatabase } from '../support/test-database'

let database: SupabaseDatabase
let db: SqlDatabase
beforeAll(async () => {
  database = await createSupabaseDatabase()
  db = pgDatabase({ url: database.appUrl, maxConnections: 6, applicationName: 'visit-live-test' })
})
afterAll(async () => {
  await db?.close()
  await database?.drop()
})

/** One batch as the visit store inserts it: `rows` views of 30 visitors at random times of one day. */
function batch(seed: number, rows: number): Promise<unknown> {
  return db.query(
    `insert into public.page_views (id, day, at, visitor, path, section, locale, referrer_host, utm_source, utm_campaign, device)
     select md5('view' || ($1 * 1000 + i) % 1900)::uuid, '2026-11-10', '2026-11-10 06:00Z'::timestamptz + random() * interval '8 hours',
            decode(md5('visitor' || (random() * 30)::int), 'hex'), (array['/', '/en', '/kvkk'])[1 + (random() * 2)::int],
            (array['', 'services', 'team'])[1 + (random() * 2)::int], 'tr',
            (array['', 'www.google.com', 'www.linkedin.com'])[1 + (random() * 2)::int],
            (array['', 'linkedin'])[1 + (random())::int], (array['', 'kis-2026'])[1 + (random())::int],
            (array['phone', 'desktop'])[1 + (random())::int]
     from generate_series(1, $2::int) i
     on conflict (id) do nothing`,
    [seed, rows],
  )
}

it('counts batches stored at once from several connections exactly as grouping every raw view', async () => {
  for (let round = 0; round < 4; round++) {
    await Promise.all(Array.from({ length: 6 }, (_, n) => batch(round * 6 + n, 100)))
  }
  const { rows: stored } = await db.query<{ n: number }>('select count(*)::int as n from public.page_views')
  // Some ids came twice: stored once, counted once.
  expect(stored[0]!.n).toBeLessThan(2_400)
  const live = (await db.query(LIVE_FIGURES)).rows
  expect(live.length).toBeGreaterThan(20)
  expect(live).toEqual((await db.query(RAW_FIGURES)).rows)
}, 60_000)
