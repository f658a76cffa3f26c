/**
 * Page views on the SQL core (docs/decisions/250-cookieless-visit-stats.md); their statistics: visit-stats.server.ts.
 * A visitor is counted the way Plausible and Fathom count one: a hash of the day's random salt,
 * the site, the address and the user agent; the address and the user agent never reach the
 * database, and the salt is deleted once its day is over, so no one can be followed across days.
 */
import { createHash, randomBytes } from 'node:crypto'
import { istanbulDay, type NewPageView, type StatsQuery, type VisitorTraits, type VisitStats } from '~/domain/visits'
import { LIMITS } from '~/lib/limits'
import type { VisitStore } from '../backend'
import { log } from '~/lib/log.server'
import type { Sql } from './client'
import { DIMENSIONS, groupedRaw, keysOf, readStats } from './visit-stats.server'
import { createViewQueue } from './view-queue.server'

export { sqlIstanbulDay } from './visit-stats.server'

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
      return readStats(db, query)
    },
  }
}

/**
 * Rolls every complete day (before `today`) not rolled yet into visit_daily and visit_daily_keys, from its
 * raw views, and drops its visit_live rows, a day per transaction; a day another instance rolled
 * meanwhile is skipped. Returns the days rolled.
 */
export async function rollUpVisits(db: Sql, today: string): Promise<string[]> {
  // Day by day through the index (a month of days), not a scan of every raw view at each pass.
  const { rows } = await db.query<{ day: string }>(
    `with recursive days (day) as (
       select min(day) from public.page_views where day < $1::date
       union all
       select (select min(v.day) from public.page_views v where v.day > days.day and v.day < $1::date)
       from days where days.day is not null
     )
     select day::text as day from days
     where day is not null and not exists (select from public.visit_rolled_days d where d.day = days.day)
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
      await tx.query(
        `insert into public.visit_daily_keys (day, dimension, key, views, visitors, entries)
         select v.day, k.dimension, k.key, sum(v.views), sum(v.visitors), sum(v.entries)
         from public.visit_daily v ${keysOf('v')}
         where v.day = $1::date group by 1, 2, 3`,
        [day],
      )
      // visit_daily holds the day now; views of a rolled day stored late are not counted there either.
      await tx.query('delete from public.visit_live where day <= $1::date', [day])
      return true
    })
    if (done) rolled.push(day)
  }
  return rolled
}
