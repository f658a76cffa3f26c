/** The database half of the visits bench (bench/visits/visits.mjs), run through scripts/run-ts.mjs
 * with the server stopped: counts the stored page views, or seeds raw views and a year of daily
 * aggregates with generate_series for the statistics page. DATABASE_URL: that server's database. */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { openBenchDatabase, signInBenchAdmin } from '../lib/bench-db'
import { istanbulDay } from '~/domain/visits'
import { makeContactMessage } from '~/backend/seed-messages'
import { bulkInsertMessages } from '~/backend/sql/bulk-insert.server'
import { groupedRaw, keysOf } from '~/backend/sql/visit-stats.server'
import { COUNTED_PATHS } from '~/features/visits/visit-rules'

const RAW_DAYS = 30
const AGGREGATE_DAYS = 365
const MESSAGES = 10_000
const SECTIONS = ['', '', '', 'services', 'about', 'industries', 'process', 'team', 'contact', 'faq']
/** Where a visit came from (referrer, utm_source, utm_campaign): a visitor's views share one. */
const SOURCES = [
  ['', '', ''],
  ['', '', ''],
  ['', '', ''],
  ['www.google.com', '', ''],
  ['www.google.com', '', ''],
  ['www.google.com', 'google', 'erp-arama'],
  ['www.linkedin.com', 'linkedin', 'kis-2026'],
  ['www.linkedin.com', '', ''],
  ['www.bing.com', '', ''],
  ['', 'newsletter', 'bulten-12'],
  ['t.co', '', ''],
  ['duckduckgo.com', '', ''],
]

async function count(dataDir: string): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.page_views')
    console.info(`BENCH_VISITS_COUNT ${rows[0]!.n}`)
  } finally {
    await backend.close()
  }
}

/** `raw` views over the last RAW_DAYS days (today included), a visitor every three views; the days
 * before today rolled up as the retention job leaves them, and a year of aggregates shaped like one of them. */
async function seedStats(dataDir: string, raw: number): Promise<void> {
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const today = istanbulDay(new Date())
    const perDay = Math.ceil(raw / RAW_DAYS)
    const paths = [...COUNTED_PATHS].filter((p) => p !== '/' && p !== '/en')
    let started = Date.now()
    // The days before today count as rolled up: page_views' trigger keeps only today's figures in visit_live.
    await db.query(
      `insert into public.visit_rolled_days (day, rolled_at)
       select d::date, now() from generate_series($1::date - $2::int, $1::date - 1, interval '1 day') d`,
      [today, AGGREGATE_DAYS],
    )
    // Sections only on the two landing pages; the legal pages are seen rarely, and whole.
    await db.query(
      `insert into public.page_views (id, day, at, visitor, path, section, locale, referrer_host,
                                      utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, seconds)
       select md5('view' || i)::uuid, day, day + (n::bigint * 86400 / $3) * interval '1 second' - interval '3 hours',
              decode(md5(day::text || ':' || (n / 3)), 'hex'), path,
              case when path in ('/', '/en') then ($5::text[])[1 + (n * 7) % cardinality($5::text[])] else '' end,
              case when path = '/en' or path like '/en/%' then 'en' else 'tr' end,
              ($6::text[])[1 + s], ($7::text[])[1 + s], case when ($7::text[])[1 + s] = '' then '' else 'cpc' end,
              ($8::text[])[1 + s], '', '',
              case when (n / 3) % 10 < 6 then 'phone' when (n / 3) % 10 < 7 then 'tablet' else 'desktop' end,
              case when n % 4 = 0 then n % 300 end
       from (select i, n, $1::date - (i / $3)::int as day, (n / 3 * 7) % cardinality($6::text[]) as s,
                    case when n % 50 = 0 then ($4::text[])[1 + (n / 50) % cardinality($4::text[])]
                         when n % 3 = 0 then '/en' else '/' end as path
             from generate_series(0, $2::int - 1) i, lateral (select i % $3 as n) k) v`,
      [today, raw, perDay, paths, SECTIONS, ...[0, 1, 2].map((k) => SOURCES.map((source) => source[k]))],
    )
    console.info(`[bench-visits] ${raw} raw views in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    started = Date.now()
    // A year of aggregates, each day shaped like yesterday's rollup.
    await db.query(
      `insert into public.visit_daily (day, path, section, locale, referrer_host, utm_source, utm_medium,
                                       utm_campaign, utm_term, utm_content, device, views, visitors, entries, seconds)
       select d::date, path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term,
              utm_content, device, views, visitors, entries, seconds
       from (${groupedRaw('v.day = $1::date - 1')}) g,
            generate_series($1::date - $2::int, $1::date - 1, interval '1 day') d`,
      [today, AGGREGATE_DAYS],
    )
    await db.query(
      `insert into public.visit_daily_keys (day, dimension, key, views, visitors, entries)
       select v.day, k.dimension, k.key, sum(v.views), sum(v.visitors), sum(v.entries)
       from public.visit_daily v ${keysOf('v')} group by 1, 2, 3`,
    )
    const now = Date.now()
    await bulkInsertMessages(db, MESSAGES, (n) =>
      makeContactMessage({ status: n % 10 === 0 ? 'spam' : 'read', createdAt: new Date(now - n * 3_000_000) }),
    )
    // A year's leads were each reminded once when due, as the replies migration marks the messages it
    // finds: otherwise the start queues 9,000 reminders, delivered in the server's thread beside the page.
    await db.query(
      'insert into public.reply_reminders (message_id, queued_at) select id, created_at from public.contact_messages on conflict do nothing',
    )
    await db.exec(db.driver === 'pg' ? 'vacuum analyze' : 'analyze')
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.visit_daily')
    console.info(`[bench-visits] ${rows[0]!.n} aggregate rows in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await backend.close()
  }
}

/** A new admin session (a seeded folder is kept between runs; its session may have ended). */
async function session(dataDir: string): Promise<void> {
  const { backend } = await openBenchDatabase(dataDir)
  try {
    const header = (await signInBenchAdmin(backend, dataDir)).map((c) => `${c.name}=${c.value}`).join('; ')
    writeFileSync(path.join(dataDir, 'bench-session.json'), JSON.stringify({ cookie: header }))
  } finally {
    await backend.close()
  }
}

/** The app's SQL the seed uses, hashed: part of the stats bench's key for a kept database. */
const seedSql = () => createHash('sha256').update(groupedRaw('v.day = $1::date - 1')).update(keysOf('v')).digest('hex')

export default async function main([command, dataDir, raw]: string[]): Promise<number> {
  if (command === 'seed-sql') console.info(`BENCH_SEED_SQL ${seedSql()}`)
  else if (command === 'count' && dataDir) await count(dataDir)
  else if (command === 'seed-stats' && dataDir) await seedStats(dataDir, Number(raw ?? 5_000_000))
  else if (command === 'session' && dataDir) await session(dataDir)
  else {
    console.error(
      'Usage: node scripts/run-ts.mjs bench/visits/visits.db.ts count <dataDir> | seed-stats <dataDir> [raw] | session <dataDir> | seed-sql',
    )
    return 2
  }
  return 0
}
