/**
 * Looks into the two folders a year bench left (`node scripts/bench-maintenance.mjs --keep`):
 *   node scripts/run-ts.mjs scripts/bench-maintenance-inspect.db.ts .data-bench-year [--reindex]
 * Prints the message table's relations on each folder (size, pages), the inbox search's plan and
 * median time on each, and with --reindex rebuilds the year's indexes of the messages one by one
 * (timed), the B-trees then the GIN indexes, measuring after each kind: whether index bloat
 * explains the year's slower inbox, and which.
 */
import path from 'node:path'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/index.server'

const SEARCH = { status: 'all', search: 'öztürk', page: 1, pageSize: 50 } as const

async function open(dataDir: string): Promise<EmbeddedInstance> {
  return openEmbedded({
    dataDir,
    secureCookies: false,
    logEmails: false,
    sampleData: false,
    mail: { smtp: { url: 'smtp://127.0.0.1:9', from: 'x <x@pusula.example>' }, worker: false },
  })
}

async function relations(instance: EmbeddedInstance): Promise<string[]> {
  const { rows } = await instance.db.query<{ name: string; mb: string; pages: number; tuples: number }>(
    `select c.relname as name, round(pg_catalog.pg_relation_size(c.oid) / 1048576.0, 2)::text as mb, c.relpages as pages,
            c.reltuples::int as tuples
     from pg_catalog.pg_class c
     where c.oid = 'public.contact_messages'::regclass
        or c.oid in (select indexrelid from pg_catalog.pg_index where indrelid = 'public.contact_messages'::regclass)
     order by c.relname`,
  )
  return rows.map((r) => `${r.name}: ${r.mb} MB, ${r.pages} pages, ${r.tuples} tuples`)
}

async function median(instance: EmbeddedInstance, runs = 30): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await instance.backend.messages.list(SEARCH)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

async function countPlan(instance: EmbeddedInstance): Promise<string> {
  const { rows } = await instance.db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) select count(*)::int as n from (select 1 from public.contact_messages
     where status <> 'spam' AND deleted_at IS NULL AND search_text LIKE lower($1) limit 1001) m`,
    ['%öztürk%'],
  )
  return rows.map((r) => r['QUERY PLAN']).join('\n')
}

export default async function main([workDir, ...flags]: string[]): Promise<number> {
  if (!workDir) return 2
  const year = await open(path.join(workDir, 'year'))
  const fresh = await open(path.join(workDir, 'fresh'))
  try {
    for (const [name, instance] of [
      ['year', year],
      ['fresh', fresh],
    ] as const) {
      console.log(`== ${name}\n${(await relations(instance)).join('\n')}\n${await countPlan(instance)}`)
      console.log(`search median ${name}: ${(await median(instance)).toFixed(1)} ms`)
    }
    if (flags.includes('--reindex')) {
      // The B-trees first (fast), then the GIN indexes: which of them the year's slower search owes to.
      for (const method of ['btree', 'gin']) {
        const { rows } = await year.db.query<{ name: string }>(
          `select c.relname as name from pg_catalog.pg_index x join pg_catalog.pg_class c on c.oid = x.indexrelid
           join pg_catalog.pg_am a on a.oid = c.relam
           where x.indrelid = 'public.contact_messages'::regclass and a.amname = $1 order by 1`,
          [method],
        )
        for (const { name } of rows) {
          const started = performance.now()
          await year.db.exec(`reindex index public."${name}"`)
          console.log(`reindex ${name}: ${Math.round(performance.now() - started)} ms`)
        }
        await year.db.exec('analyze public.contact_messages')
        console.log(
          `== year after reindexing its ${method} indexes\n${(await relations(year)).join('\n')}\n${await countPlan(year)}`,
        )
        for (let i = 0; i < 2; i++) {
          console.log(`search median year ${(await median(year)).toFixed(1)} ms, fresh ${(await median(fresh)).toFixed(1)} ms`)
        }
      }
    }
  } finally {
    await year.backend.close()
    await fresh.backend.close()
  }
  return 0
}
