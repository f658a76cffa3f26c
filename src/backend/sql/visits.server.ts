/**
 * Page views and their statistics on the SQL core (docs/decisions/250-cookieless-visit-stats.md).
 * A visitor is counted the way Plausible and Fathom count one: a hash of the day's random salt,
 * the site, the address and the user agent; the address and the user agent never reach the
 * database, and the salt is deleted once its day is over, so no one can be followed across days.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  istanbulDay,
  type NewPageView,
  type StatsDay,
  type StatsFilter,
  type StatsQuery,
  type StatsRow,
  type StatsTotals,
  type VisitorTraits,
  type VisitStats,
} from '~/domain/visits'
import { LIMITS } from '~/lib/limits'
import type { VisitStore } from '../backend'
import { log } from '~/lib/log.server'
import type { Sql } from './client'
import { createViewQueue } from './view-queue.server'

/** The day in Istanbul's calendar (UTC+3 all year) of a timestamptz expression, as istanbulDay. */
export const sqlIstanbulDay = (expr: string) => `((${expr} at time zone 'UTC') + interval '3 hours')::date`

const DIMENSIONS = 'path, section, locale, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device'

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

/** A page view as stored; the visitor hash as hex. */
interface PageViewRow extends NewPageView {
  day: string
  at: Date
  visitor: string
  seconds: number | null
}

/** Stores the rows in one INSERT (arrays, so the statement is the same for any number); returns how many were new. */
async function insertViews(db: Sql, rows: PageViewRow[]): Promise<number> {
  const column = <T>(pick: (row: PageViewRow) => T) => rows.map(pick)
  const { rowCount } = await db.query(
    `insert into public.page_views (id, day, at, visitor, path, section, locale, referrer_host,
                                    utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, seconds)
     select id::uuid, day::date, at::timestamptz, decode(visitor, 'hex'), path, section, locale, referrer_host,
            utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, seconds
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                 $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[])
          as v (id, day, at, visitor, path, section, locale, referrer_host,
                utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, seconds)
     on conflict (id) do nothing`,
    [
      column((r) => r.id),
      column((r) => r.day),
      column((r) => r.at.toISOString()),
      column((r) => r.visitor),
      column((r) => r.path),
      column((r) => r.section),
      column((r) => r.locale),
      column((r) => r.referrerHost),
      column((r) => r.utm.source),
      column((r) => r.utm.medium),
      column((r) => r.utm.campaign),
      column((r) => r.utm.term),
      column((r) => r.utm.content),
      column((r) => r.device),
      column((r) => r.seconds),
    ],
  )
  return rowCount
}

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

export function createVisitStore(db: Sql, now: () => Date): VisitStore {
  const salts = new Map<string, Promise<Buffer>>()

  /** The day's salt, made by the first instance that needs it; older days' salts are deleted then. */
  async function readSalt(day: string): Promise<Buffer> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { rows } = await db.query<{ salt: Buffer | Uint8Array }>(
        `with gone as (delete from private.visit_salts where day < $1::date),
              made as (insert into private.visit_salts (day, salt) values ($1::date, $2)
                       on conflict (day) do nothing returning salt)
         select salt from made union all select salt from private.visit_salts where day = $1::date`,
        [day, randomBytes(32)],
      )
      // Another instance's insert may commit between this statement's snapshot and its insert: read again.
      if (rows[0]) return Buffer.from(rows[0].salt)
    }
    throw new Error('visit salt: could not read the day’s salt')
  }

  function saltOf(day: string): Promise<Buffer> {
    let salt = salts.get(day)
    if (!salt) {
      for (const old of salts.keys()) if (old < day) salts.delete(old)
      salt = readSalt(day)
      salt.catch(() => salts.delete(day))
      salts.set(day, salt)
    }
    return salt
  }

  /** The view as its row: the visitor is hashed here, so the address and user agent go no further. */
  async function rowOf(view: NewPageView, traits: VisitorTraits): Promise<PageViewRow> {
    const at = now()
    const day = istanbulDay(at)
    const salt = await saltOf(day)
    const visitor = createHash('sha256')
      .update(salt)
      .update(`${traits.site}\u0000${traits.ip}\u0000${traits.userAgent}`)
      .digest()
      .subarray(0, 16)
    return { ...view, day, at, visitor: visitor.toString('hex'), seconds: null }
  }

  const queue = createViewQueue<PageViewRow>({
    insert: async (rows) => {
      await insertViews(db, rows)
    },
    maxRows: LIMITS.visits.queueMaxRows,
    batchRows: LIMITS.visits.batchRows,
    intervalMs: LIMITS.visits.flushMs,
    onError: (error) => log().error({ err: error }, 'visits: queued page views could not be stored'),
  })

  return {
    async record(view: NewPageView, traits: VisitorTraits) {
      return (await insertViews(db, [await rowOf(view, traits)])) > 0
    },

    async enqueue(view: NewPageView, traits: VisitorTraits) {
      return queue.add(await rowOf(view, traits))
    },

    flush: () => queue.flush(),
    close: () => queue.close(),

    async addressKey(ip: string) {
      const salt = await saltOf(istanbulDay(now()))
      return createHash('sha256').update(salt).update(`\u0000rate\u0000${ip}`).digest('hex').slice(0, 32)
    },

    async leave(id: string, seconds: number) {
      const at = now()
      const kept = Math.min(Math.max(0, Math.floor(seconds)), LIMITS.visits.maxSeconds)
      const waiting = queue.waiting(id)
      if (waiting) {
        waiting.seconds = Math.max(waiting.seconds ?? 0, kept)
        return true
      }
      // A view taken from the queue may be in an INSERT under way: after it, the UPDATE finds it.
      await queue.settled()
      // Only a view of today or yesterday: older days may have been rolled up already.
      const { rowCount } = await db.query(
        `update public.page_views set seconds = greatest(coalesce(seconds, 0), $2)
         where id = $1 and day >= $3::date - 1`,
        [id, kept, istanbulDay(at)],
      )
      return rowCount > 0
    },

    async stats(query: StatsQuery): Promise<VisitStats> {
      // This instance's waiting views count at once; another instance's within LIMITS.visits.flushMs.
      await queue.flush()
      const { range, previous, filter, rows } = query
      // The previous period ends the day before the range starts.
      const from = previous.from
      const facts = factConditions(filter, 7)
      // A page filter counts the page's own visitors; the others count visitors by their first view.
      const visitors = filter.path !== undefined ? 'visitors' : 'entries'
      const table = (key: string, where = 'true', count = 'entries') =>
        `(select json_agg(t) from (select ${key} as key, sum(${count})::int as visitors, sum(views)::int as views
                                   from cur where ${where} group by 1 order by 2 desc, 3 desc, 1 limit $6) t)`
      const { rows: out } = await db.transaction(
        (tx) =>
          tx.query<StatsRowOut>(
            `with facts as (
               select day, ${DIMENSIONS}, views, visitors, entries, seconds from public.visit_daily
               where day between $1::date and $2::date
               union all
               ${groupedRaw(
                 `v.day between $1::date and $2::date
                  and not exists (select from public.visit_rolled_days d where d.day = v.day)`,
               )}
             ),
             f as (select * from facts where ${facts.sql}),
             cur as (select * from f where day between $3::date and $4::date)
             select
               (select json_build_object('visitors', coalesce(sum(${visitors}), 0)::int, 'views', coalesce(sum(views), 0)::int) from cur) as totals,
               (select json_build_object('visitors', coalesce(sum(${visitors}), 0)::int, 'views', coalesce(sum(views), 0)::int)
                from f where day between $5::date and $2::date and day < $3::date) as previous,
               (select json_agg(d order by d.day) from (select day::text as day, sum(${visitors})::int as visitors, sum(views)::int as views
                                                      from cur group by day) d) as days,
               ${table('referrer_host')} as referrers,
               ${table('utm_campaign', `utm_campaign <> ''`)} as campaigns,
               ${table(PAGE_KEY, 'true', 'visitors')} as pages,
               ${table('locale', 'true', visitors)} as languages,
               ${table('device', 'true', visitors)} as devices`,
            [from, range.to, range.from, range.to, previous.from, rows, ...facts.params],
          ),
        { snapshot: true },
      )
      const result = out[0]!
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
    },
  }
}

/** Messages that are not spam, per day of the range and in the previous period; null when the filter cannot apply. */
async function countMessages(
  db: Sql,
  query: StatsQuery,
): Promise<{ current: number; previous: number; days: { day: string; count: number }[] } | null> {
  const conditions = messageConditions(query.filter, 4)
  if (!conditions) return null
  const day = sqlIstanbulDay('created_at')
  const { rows } = await db.query<{ day: string; count: number }>(
    `select ${day}::text as day, count(*)::int as count from public.contact_messages
     where status <> 'spam' and ${day} between $1::date and $2::date and ${day} >= $3::date and ${conditions.sql}
     group by 1`,
    [query.previous.from, query.range.to, query.previous.from, ...conditions.params],
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

/**
 * Rolls every complete day (before `today`) not rolled yet into visit_daily, a day per
 * transaction; a day another instance rolled meanwhile is skipped. Returns the days rolled.
 */
export async function rollUpVisits(db: Sql, today: string): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `select distinct day::text as day from public.page_views v
     where day < $1::date and not exists (select from public.visit_rolled_days d where d.day = v.day)
     order by 1`,
    [today],
  )
  const rolled: string[] = []
  for (const { day } of rows) {
    const done = await db.transaction(async (tx) => {
      const claim = await tx.query(
        `insert into public.visit_rolled_days (day, rolled_at) values ($1::date, now()) on conflict (day) do nothing`,
        [day],
      )
      if (claim.rowCount === 0) return false
      await tx.query(
        `insert into public.visit_daily (day, ${DIMENSIONS}, views, visitors, entries, seconds)
         ${groupedRaw('v.day = $1::date')}`,
        [day],
      )
      return true
    })
    if (done) rolled.push(day)
  }
  return rolled
}
