/**
 * The statistics page's figures from page views (docs/product.md#statistics): daily aggregates for
 * the days rolled up, visit_live (kept by a trigger as views are stored) for the others (today,
 * mostly): no request groups raw views. Unfiltered, they come from visit_daily_keys, a few dozen
 * rows a day; a filter reads every combination in visit_daily (docs/decisions/241-beacon-batches.md).
 */
import type { StatsDay, StatsFilter, StatsQuery, StatsRow, StatsTotals, VisitStats } from '~/domain/visits'
import type { Sql } from './client'

/** The day in Istanbul's calendar (UTC+3 all year) of a timestamptz expression, as istanbulDay. */
export const sqlIstanbulDay = (expr: string) => `((${expr} at time zone 'UTC') + interval '3 hours')::date`

export const DIMENSIONS =
  'path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device'

/**
 * The raw views of the days `where` selects, grouped as visit_daily is: a view's referrer and
 * campaign are those of its visitor's first view of the day, and `entries` counts the visitors
 * whose first view it is. The rollup stores exactly this; the statistics read it for the days
 * not rolled up yet.
 */
export function groupedRaw(where: string): string {
  return `select day, ${DIMENSIONS}, count(*)::int as views, count(distinct visitor)::int as visitors,
                 (count(*) filter (where first))::int as entries, coalesce(sum(seconds), 0)::bigint as seconds
          from (select v.day, v.path, v.section, v.locale, v.device, v.visitor, v.seconds,
                       first_value(v.referrer_host) over w as referrer_host,
                       first_value(v.utm_source) over w as utm_source,
                       first_value(v.utm_medium) over w as utm_medium,
                       first_value(v.utm_campaign) over w as utm_campaign,
                       first_value(v.utm_term) over w as utm_term,
                       first_value(v.utm_content) over w as utm_content,
                       row_number() over w = 1 as first
                from public.page_views v
                where ${where}
                window w as (partition by v.day, v.visitor order by v.at, v.id)) r
          group by day, ${DIMENSIONS}`
}

/** The figures of the days from $1 to $2 not rolled up yet (today, mostly), in visit_daily's shape. */
const UNROLLED = `select day, ${DIMENSIONS}, views, visitors, entries, 0::bigint as seconds from public.visit_live
                  where views > 0
                    and day = any(array(select d::date from generate_series($1::date, $2::date, interval '1 day') d
                                        where not exists (select from public.visit_rolled_days r where r.day = d::date)))`

/** One row per statistics table of each combination row `v` (visit_daily's shape): visit_daily_keys' rows. */
export const keysOf = (v: string) =>
  `cross join lateral (values ('all', ''), ('referrer', ${v}.referrer_host), ('campaign', ${v}.utm_campaign),
                              ('page', ${v}.path || case when ${v}.section <> '' then '#' || ${v}.section else '' end),
                              ('locale', ${v}.locale), ('device', ${v}.device)) k (dimension, key)`

const PAGE_KEY = `path || case when section <> '' then '#' || section else '' end`

/** The filter's conditions on the facts, its values from `$first` on. */
function factConditions(filter: StatsFilter, first: number): { sql: string; params: string[] } {
  const columns: Record<keyof StatsFilter, string> = {
    referrer: 'referrer_host',
    campaign: 'utm_campaign',
    path: PAGE_KEY,
    locale: 'locale',
    device: 'device',
  }
  const conditions: string[] = []
  const params: string[] = []
  for (const [key, value] of Object.entries(filter) as [keyof StatsFilter, string | undefined][]) {
    if (value === undefined) continue
    params.push(value)
    conditions.push(`${columns[key]} = $${first + params.length - 1}`)
  }
  return { sql: conditions.length > 0 ? conditions.join(' and ') : 'true', params }
}

/**
 * The filter's conditions on contact messages' sources; null when a filter names what a message
 * does not record (the device), so no count of messages can be given.
 */
function messageConditions(filter: StatsFilter, first: number): { sql: string; params: string[] } | null {
  if (filter.device !== undefined) return null
  const conditions: string[] = []
  const params: string[] = []
  const add = (sql: string, value: string) => {
    params.push(value)
    conditions.push(sql.replace('$?', `$${first + params.length - 1}`))
  }
  if (filter.referrer !== undefined) add(`coalesce(source ->> 'referrerHost', '') = $?`, filter.referrer)
  if (filter.campaign !== undefined) add(`coalesce(source -> 'utm' ->> 'campaign', '') = $?`, filter.campaign)
  if (filter.path !== undefined) add(`source ->> 'landingPath' = split_part($?, '#', 1)`, filter.path)
  if (filter.locale !== undefined) {
    add(
      `(case when source ->> 'landingPath' = '/en' or source ->> 'landingPath' like '/en/%' then 'en' else 'tr' end) = $?`,
      filter.locale,
    )
  }
  return { sql: conditions.length > 0 ? conditions.join(' and ') : 'true', params }
}

interface StatsRowOut {
  totals: { visitors: number; views: number }
  previous: { visitors: number; views: number }
  days: { day: string; visitors: number; views: number }[] | null
  referrers: StatsRow[] | null
  campaigns: StatsRow[] | null
  pages: StatsRow[] | null
  languages: StatsRow[] | null
  devices: StatsRow[] | null
}

/** The unfiltered figures from visit_daily_keys and today's views: one pass over a few dozen rows a day. */
async function keyFigures(db: Sql, query: StatsQuery): Promise<StatsRowOut> {
  const { range, previous, rows } = query
  const table = (dimension: string, count: 'entries' | 'visitors', where = 'true') =>
    `(select json_agg(t) from (select key, ${count} as visitors, views from sums
                               where dimension = '${dimension}' and views is not null and ${where}
                               order by 2 desc, 3 desc, 1 limit $4) t)`
  const { rows: out } = await db.transaction(
    (tx) =>
      tx.query<StatsRowOut>(
        `with facts as (
           select day, dimension, key, views, visitors, entries from public.visit_daily_keys
           where day between $1::date and $2::date
           union all
           select g.day, k.dimension, k.key, sum(g.views)::int, sum(g.visitors)::int, sum(g.entries)::int
           from (${UNROLLED}) g ${keysOf('g')}
           group by 1, 2, 3
         ),
         sums as (
           select dimension, key,
                  sum(views) filter (where day >= $3::date)::int as views,
                  sum(visitors) filter (where day >= $3::date)::int as visitors,
                  sum(entries) filter (where day >= $3::date)::int as entries,
                  sum(views) filter (where day < $3::date)::int as previous_views,
                  sum(entries) filter (where day < $3::date)::int as previous_entries
           from facts group by 1, 2
         )
         select
           (select json_build_object('visitors', coalesce(sum(entries), 0)::int, 'views', coalesce(sum(views), 0)::int)
            from sums where dimension = 'all') as totals,
           (select json_build_object('visitors', coalesce(sum(previous_entries), 0)::int, 'views', coalesce(sum(previous_views), 0)::int)
            from sums where dimension = 'all') as previous,
           (select json_agg(d order by d.day) from (select day::text as day, sum(entries)::int as visitors, sum(views)::int as views
                                                  from facts where dimension = 'all' and day >= $3::date group by day) d) as days,
           ${table('referrer', 'entries')} as referrers,
           ${table('campaign', 'entries', `key <> ''`)} as campaigns,
           ${table('page', 'visitors')} as pages,
           ${table('locale', 'entries')} as languages,
           ${table('device', 'entries')} as devices`,
        [previous.from, range.to, range.from, rows],
      ),
    { snapshot: true },
  )
  return out[0]!
}

/** Any filter: every combination of the days in visit_daily and visit_live, grouped in one pass. */
async function cubeFigures(db: Sql, query: StatsQuery): Promise<StatsRowOut> {
  const { range, previous, filter, rows } = query
  const facts = factConditions(filter, 5)
  // A page filter counts the page's own visitors; the others count visitors by their first view.
  const visitors = filter.path !== undefined ? 'visitors' : 'entries'
  const table = (dimension: string, count: string, where = 'true') =>
    `(select json_agg(t) from (select key, ${count} as visitors, views from g
                               where dimension = '${dimension}' and views is not null and ${where}
                               order by 2 desc, 3 desc, 1 limit $4) t)`
  const none = `json_build_object('visitors', 0, 'views', 0)`
  const { rows: out } = await db.transaction(
    (tx) =>
      tx.query<StatsRowOut>(
        `with facts as (
           select day, ${DIMENSIONS}, views, visitors, entries, seconds from public.visit_daily
           where day between $1::date and $2::date
           union all
           ${UNROLLED}
         ),
         f as (select day, referrer_host, utm_campaign, ${PAGE_KEY} as page, locale, device, views, visitors, entries,
                      day >= $3::date as current
               from facts where ${facts.sql}),
         -- Each table's rows, the days' and the totals: one grouping set each, over one scan of the facts.
         g as (
           select case when grouping(day) = 0 then 'day' when grouping(referrer_host) = 0 then 'referrer'
                       when grouping(utm_campaign) = 0 then 'campaign' when grouping(page) = 0 then 'page'
                       when grouping(locale) = 0 then 'locale' when grouping(device) = 0 then 'device' else 'all' end
                    as dimension,
                  coalesce(day::text, referrer_host, utm_campaign, page, locale, device, '') as key,
                  sum(views) filter (where current)::int as views,
                  sum(visitors) filter (where current)::int as visitors,
                  sum(entries) filter (where current)::int as entries,
                  sum(views) filter (where not current)::int as previous_views,
                  sum(${visitors}) filter (where not current)::int as previous_visitors
           from f
           group by grouping sets ((), (day), (referrer_host), (utm_campaign), (page), (locale), (device))
         )
         select
           coalesce((select json_build_object('visitors', coalesce(${visitors}, 0), 'views', coalesce(views, 0))
                     from g where dimension = 'all'), ${none}) as totals,
           coalesce((select json_build_object('visitors', coalesce(previous_visitors, 0), 'views', coalesce(previous_views, 0))
                     from g where dimension = 'all'), ${none}) as previous,
           (select json_agg(d order by d.day) from (select key as day, ${visitors} as visitors, views from g
                                                  where dimension = 'day' and views is not null) d) as days,
           ${table('referrer', 'entries')} as referrers,
           ${table('campaign', 'entries', `key <> ''`)} as campaigns,
           ${table('page', 'visitors')} as pages,
           ${table('locale', visitors)} as languages,
           ${table('device', visitors)} as devices`,
        [previous.from, range.to, range.from, rows, ...facts.params],
      ),
    { snapshot: true },
  )
  return out[0]!
}

export async function readStats(db: Sql, query: StatsQuery): Promise<VisitStats> {
  const unfiltered = Object.values(query.filter).every((value) => value === undefined)
  const result = unfiltered ? await keyFigures(db, query) : await cubeFigures(db, query)
  const messages = await countMessages(db, query)
  const byDay = new Map(messages?.days.map((d) => [d.day, d.count]) ?? [])
  const days: StatsDay[] = (result.days ?? []).map((d) => ({ ...d, messages: byDay.get(d.day) ?? 0 }))
  for (const [day, count] of byDay) {
    if (!days.some((d) => d.day === day)) days.push({ day, visitors: 0, views: 0, messages: count })
  }
  days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  const totals: StatsTotals = { ...result.totals, messages: messages?.current ?? -1 }
  return {
    totals,
    previous: { ...result.previous, messages: messages?.previous ?? -1 },
    days,
    referrers: result.referrers ?? [],
    campaigns: result.campaigns ?? [],
    pages: result.pages ?? [],
    languages: result.languages ?? [],
    devices: result.devices ?? [],
  }
}

/** Messages that are not spam, per day of the range and in the previous period; null when the filter cannot apply. */
async function countMessages(
  db: Sql,
  query: StatsQuery,
): Promise<{ current: number; previous: number; days: { day: string; count: number }[] } | null> {
  const conditions = messageConditions(query.filter, 3)
  if (!conditions) return null
  // Istanbul's day D is [D − 3 h, D + 21 h) in UTC: the bounds on created_at itself, its day computed once a row.
  const { rows } = await db.query<{ day: string; count: number }>(
    `select day::text as day, count(*)::int as count
     from (select ${sqlIstanbulDay('created_at')} as day from public.contact_messages
           where status <> 'spam' and created_at >= ($1::date - interval '3 hours') at time zone 'UTC'
             and created_at < ($2::date + interval '21 hours') at time zone 'UTC' and ${conditions.sql}) m
     group by 1`,
    [query.previous.from, query.range.to, ...conditions.params],
  )
  let current = 0
  let previous = 0
  const days: { day: string; count: number }[] = []
  for (const row of rows) {
    if (row.day >= query.range.from) {
      current += row.count
      days.push(row)
    } else if (row.day >= query.previous.from && row.day <= query.previous.to) previous += row.count
  }
  return { current, previous, days }
}
