/** EXPLAIN ANALYZE of the statistics page's queries for `range=12m` (unfiltered and one filter) on the
 * database the stats bench seeded (visits.db.ts seed-stats): execution times that do not depend on the
 * machine's load the way a request's do. `node scripts/run-ts.mjs bench/visits/explain-stats.db.ts <dataDir>`. */
import { openBenchDatabase } from '../lib/bench-db'
import { istanbulDay } from '~/domain/visits'
import type { Sql } from '~/backend/sql/client'
import { readStats } from '~/backend/sql/visit-stats.server'
import { resolveRange } from '~/features/stats/stats.range'

/** `db` with every statement run under EXPLAIN ANALYZE, its plan printed; the real result still returned. */
function explaining(db: Sql, label: string, verbose: boolean): Sql {
  const wrap = (sql: Sql): Sql =>
    ({
      ...sql,
      query: async (text: string, params?: unknown[]) => {
        const plan = await sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, params)
        const lines = plan.rows.map((r) => r['QUERY PLAN'])
        console.info(
          `${label}: ${text.trim().split('\n')[0]!.slice(0, 70)}… ${lines.filter((l) => /Execution Time/.test(l)).join('')}`,
        )
        if (verbose) console.info(lines.join('\n'))
        return sql.query(text, params)
      },
      transaction: (fn, options) => sql.transaction((tx) => fn(wrap(tx)), options),
    }) as Sql
  return wrap(db)
}

export default async function main([dataDir, verbose]: string[]): Promise<number> {
  if (!dataDir) return 2
  const { backend, db } = await openBenchDatabase(dataDir)
  try {
    const resolved = resolveRange({ range: '12m' }, istanbulDay(new Date()))
    for (const [label, filter] of [
      ['12m', {}],
      ['12m, device=phone', { device: 'phone' }],
    ] as const) {
      for (let run = 0; run < 2; run++) {
        const query = { range: resolved.range, previous: resolved.previous, filter, rows: 10 }
        await readStats(explaining(db, `${label} #${run + 1}`, verbose === 'verbose' && run === 1), query)
      }
    }
    await explainBatch(db)
  } finally {
    await backend.close()
  }
  return 0
}

/** What a batch of 250 of today's views (200 visitors seen already today) costs to store, its trigger's share apart; rolled back after. */
async function explainBatch(db: Sql): Promise<void> {
  const undo = new Error('rolled back')
  await db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off)
         insert into public.page_views (id, day, at, visitor, path, locale, referrer_host, device)
         select gen_random_uuid(), $1::date, now(), decode(md5($1::date::text || ':' || ($2::int + i % 200)), 'hex'), '/', 'tr',
                case when i % 3 = 0 then 'www.google.com' else '' end, 'phone'
         from generate_series(1, 250) i`,
        [istanbulDay(new Date()), Math.floor(Math.random() * 5_000)],
      )
      const lines = rows.map((r) => r['QUERY PLAN']).filter((l) => /Trigger|Execution Time/.test(l))
      console.info(`a batch of 250 views: ${lines.join('; ')}`)
      throw undo
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error
    })
}
