/** Page views on PGlite: the daily salt, what is stored, the rollup and the retention job (decision 250). */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runRetention } from '~/backend/sql/retention.server'
import { LIVE_FIGURES, RAW_FIGURES } from './visit-live.contract'
import type { RetentionPolicy } from '~/domain/privacy'
import { istanbulDay, type NewPageView, type StatsQuery, type VisitorTraits } from '~/domain/visits'
import { NO_UTM } from '~/features/visits/visit-rules'
import { openTestBackend, type TestBackend } from './embedded-harness'

const SITE = 'https://www.pusuladijital.com.tr'
const IP = '203.0.113.77'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 VisitTest'
const READER: VisitorTraits = { site: SITE, ip: IP, userAgent: UA }
const POLICY: RetentionPolicy = { messageDays: 730, ipDays: 90, trashDays: 30, spamDays: 30, recordYears: 3, visitRawDays: 30 }

const view = (over: Partial<NewPageView> = {}): NewPageView => ({
  id: randomUUID(),
  path: '/',
  section: '',
  locale: 'tr',
  referrerHost: '',
  utm: NO_UTM,
  device: 'desktop',
  ...over,
})

function query(test: TestBackend, filter: StatsQuery['filter'] = {}, days = 60): StatsQuery {
  const to = istanbulDay(test.clock.now())
  const from = istanbulDay(new Date(test.clock.now().getTime() - (days - 1) * 86_400_000))
  const prevTo = istanbulDay(new Date(new Date(from).getTime() - 86_400_000))
  const prevFrom = istanbulDay(new Date(new Date(from).getTime() - days * 86_400_000))
  return { range: { from, to }, previous: { from: prevFrom, to: prevTo }, filter, rows: 10 }
}

describe('visit statistics (embedded)', () => {
  let test: TestBackend
  beforeEach(async () => {
    test = await openTestBackend()
    // Noon in Istanbul, so that a test's minutes never cross midnight.
    test.clock.set('2026-11-10T09:00:00Z')
    // The seeded sample messages would count as leads.
    await test.db.query('delete from public.contact_messages')
  })
  afterEach(() => test?.dispose())

  it('counts one visitor per day for the same address and browser, and two on two days', async () => {
    const { visits } = test.backend
    await visits.record(view({ referrerHost: 'www.google.com' }), READER)
    await visits.record(view({ path: '/kvkk' }), READER)
    await visits.record(view(), { ...READER, userAgent: `${UA} Other` })
    let stats = await visits.stats(query(test))
    expect(stats.totals).toMatchObject({ visitors: 2, views: 3 })
    // The visit's referrer is its first view's: both of the reader's views came from Google.
    expect(stats.referrers).toEqual([
      { key: 'www.google.com', visitors: 1, views: 2 },
      { key: '', visitors: 1, views: 1 },
    ])

    test.clock.advance(24 * 60 * 60)
    await visits.record(view(), READER)
    stats = await visits.stats(query(test))
    expect(stats.totals).toMatchObject({ visitors: 3, views: 4 })
    expect(stats.days.map((d) => [d.day, d.visitors])).toEqual([
      ['2026-11-10', 2],
      ['2026-11-11', 1],
    ])
    // The first day's salt is gone once the second day's was made: its hashes name no one now.
    const salts = await test.db.query<{ day: string }>('select day::text as day from private.visit_salts')
    expect(salts.rows).toEqual([{ day: '2026-11-11' }])
  })

  it("keeps today's figures equal to every raw view grouped again, views arriving late, twice or in batches", async () => {
    const { visits } = test.backend
    const reader = (n: number): VisitorTraits => ({ ...READER, ip: `198.51.100.${n}` })
    const google = { referrerHost: 'www.google.com' }
    const campaign = { referrerHost: 'www.linkedin.com', utm: { ...NO_UTM, source: 'linkedin', campaign: 'kis-2026' } }
    const twice = view({ path: '/en', locale: 'en', device: 'phone' })
    await visits.record(view(google), reader(1))
    await visits.record(twice, reader(2))
    await visits.record(twice, reader(2))
    test.clock.advance(60)
    for (let n = 0; n < 30; n++) {
      test.clock.advance(1)
      await visits.enqueue(view(n % 3 === 0 ? campaign : { section: n % 2 ? 'services' : '' }), reader(n % 7))
    }
    await visits.flush()
    expect((await test.db.query(LIVE_FIGURES)).rows).toEqual((await test.db.query(RAW_FIGURES)).rows)
    // A view from before reader 1's first one (another instance's batch, late): their visit is now LinkedIn's.
    test.clock.advance(-120)
    await visits.record(view({ ...campaign, path: '/kvkk' }), reader(1))
    const live = (await test.db.query(LIVE_FIGURES)).rows
    expect(live).toEqual((await test.db.query(RAW_FIGURES)).rows)
    expect(live.length).toBeGreaterThan(5)
    const stats = await visits.stats(query(test))
    expect(stats.totals).toMatchObject({ visitors: 7, views: 33 })
    expect(stats.referrers).toEqual([
      { key: 'www.linkedin.com', visitors: 4, views: 20 },
      { key: '', visitors: 3, views: 13 },
    ])
  })

  it('stores neither the address nor the user agent in any column of any table', async () => {
    await test.backend.visits.record(view({ referrerHost: 'example.org', utm: { ...NO_UTM, source: 'news' } }), READER)
    const { rows: columns } = await test.db.query<{ schema: string; table: string; column: string }>(
      `select c.table_schema as schema, c.table_name as table, c.column_name as column
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema not in ('pg_catalog', 'information_schema')
         and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY')`,
    )
    expect(columns.length).toBeGreaterThan(20)
    const found: string[] = []
    for (const { schema, table, column } of columns) {
      const { rows } = await test.db.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${table}"
         where position($1 in "${column}"::text) > 0 or position($2 in "${column}"::text) > 0
            or position($3 in encode(convert_to("${column}"::text, 'UTF8'), 'escape')) > 0`,
        [IP, 'VisitTest', IP],
      )
      if (rows[0]!.n > 0) found.push(`${schema}.${table}.${column}`)
    }
    expect(found).toEqual([])
    const stored = await test.db.query('select * from public.page_views')
    expect(stored.rows).toHaveLength(1)
  })

  it('keeps the longest time on the page a reader reported', async () => {
    const seen = view()
    await test.backend.visits.record(seen, READER)
    expect(await test.backend.visits.leave(seen.id, 40)).toBe(true)
    expect(await test.backend.visits.leave(seen.id, 12)).toBe(true)
    expect(await test.backend.visits.leave(randomUUID(), 12)).toBe(false)
    const { rows } = await test.db.query<{ seconds: number }>('select seconds from public.page_views')
    expect(rows).toEqual([{ seconds: 40 }])
  })

  it('stores every view a beacon was answered for when the backend closes, with a leave that came while it waited', async () => {
    const { visits } = test.backend
    const ids = Array.from({ length: 1_200 }, () => randomUUID())
    for (const [i, id] of ids.entries())
      expect(await visits.enqueue(view({ id }), { ...READER, ip: `198.51.100.${i % 200}` })).toBe(true)
    expect(await visits.leave(ids.at(-1)!, 30)).toBe(true)
    // What the database holds as the backend closes it (the server's shutdown).
    const close = test.db.close.bind(test.db)
    let atClose: { n: number; seconds: number }[] = []
    test.db.close = async () => {
      atClose = (
        await test.db.query<{ n: number; seconds: number }>(
          'select count(distinct id)::int as n, coalesce(sum(seconds), 0)::int as seconds from public.page_views',
        )
      ).rows
      return close()
    }
    await test.backend.close()
    expect(atClose).toEqual([{ n: 1_200, seconds: 30 }])
  })

  it('rolls complete days into aggregates and deletes raw views after their period, with records', async () => {
    const { visits } = test.backend
    await visits.record(view({ referrerHost: 'www.linkedin.com', utm: { ...NO_UTM, campaign: 'kis-2026' } }), READER)
    await visits.record(view({ path: '/en', locale: 'en', device: 'phone' }), { ...READER, ip: '198.51.100.4' })
    const before = await visits.stats(query(test))

    test.clock.advance(31 * 24 * 60 * 60)
    const run = await runRetention(test.db, POLICY, test.clock.now(), { exclusive: true })
    expect(run.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'page_views', method: 'deletion', count: 2 }),
        expect.objectContaining({ category: 'visit_salts', method: 'deletion', count: 1 }),
      ]),
    )
    expect((await test.db.query('select 1 from public.page_views')).rows).toHaveLength(0)
    const after = await visits.stats(query(test))
    expect(after.totals).toEqual(before.totals)
    expect(after.referrers).toEqual(before.referrers)
    expect(after.campaigns).toEqual([{ key: 'kis-2026', visitors: 1, views: 1 }])
    expect(after.devices).toEqual(before.devices)
    expect(after.pages).toEqual(before.pages)
    expect(after.languages).toEqual(before.languages)
    // A row of the table filters the rest.
    const phones = await visits.stats(query(test, { device: 'phone' }))
    expect(phones.totals.visitors).toBe(1)
    expect(phones.languages).toEqual([{ key: 'en', visitors: 1, views: 1 }])
    // Nothing in the aggregates can name a visitor.
    const { rows } = await test.db.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'visit_daily'`,
    )
    expect(rows.map((r) => r.name)).not.toContain('visitor')
  })

  it('counts non-spam messages by their source, and the change against the previous period', async () => {
    const { visits, messages } = test.backend
    await visits.record(view({ referrerHost: 'www.google.com' }), READER)
    const lead = await messages.create({
      name: 'Ayşe Demir',
      email: 'ayse@example.com',
      message: 'Merhaba, bir proje için görüşmek isteriz.',
      leadSource: { referrerHost: 'www.google.com', landingPath: '/', utm: NO_UTM },
    })
    expect((await messages.get(lead.id))?.leadSource).toEqual({ referrerHost: 'www.google.com', landingPath: '/', utm: NO_UTM })
    await messages.create({ name: 'Spam Bot', email: 'bot@example.com', message: 'Buy cheap things now, now.', status: 'spam' })
    const stats = await visits.stats(query(test, {}, 7))
    expect(stats.totals).toEqual({ visitors: 1, views: 1, messages: 1 })
    expect(stats.previous).toEqual({ visitors: 0, views: 0, messages: 0 })
    expect((await visits.stats(query(test, { referrer: 'www.google.com' }, 7))).totals.messages).toBe(1)
    expect((await visits.stats(query(test, { referrer: 'bing.com' }, 7))).totals.messages).toBe(0)
    expect((await visits.stats(query(test, { device: 'phone' }, 7))).totals.messages).toBe(-1)
  })
})
