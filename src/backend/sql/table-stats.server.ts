/** The catalog's statistics that tell embedded maintenance which tables need VACUUM or ANALYZE. */
import { LIMITS } from '~/lib/limits'
import { timed, yieldToRequests } from './bounded-steps.server'
import type { Sql } from './client'
import type { MaintenanceStep } from './maintenance.server'

export interface TableStats {
  oid: number
  schema: string
  name: string
  live: number
  dead: number
  changed: number
  bytes: number
}

/** Which tables need work, and the size of those that do. */
export async function tableStats(
  db: Sql,
  quietFor: (() => number) | undefined,
): Promise<{ tables: TableStats[]; step: MaintenanceStep }> {
  const step: MaintenanceStep = {
    target: 'database',
    action: 'stats',
    ms: 0,
    totalMs: 0,
    cpuMs: 0,
    runQueueMs: 0,
    waitedMs: 0,
    rows: 0,
    bytes: 0,
  }
  const statement = async <T>(run: () => Promise<T>): Promise<T> => {
    step.waitedMs += await yieldToRequests(quietFor)
    let result: T | undefined
    const timing = await timed(async () => {
      result = await run()
    })
    step.ms = Math.max(step.ms, timing.ms)
    step.totalMs += timing.ms
    step.cpuMs += timing.cpuMs
    step.runQueueMs += timing.runQueueMs
    return result as T
  }
  // Counters reach the shared statistics at most once a second; this makes the next statement see them.
  await statement(() => db.query('select pg_catalog.pg_stat_force_next_flush()'))
  const { rows } = await statement(() =>
    db.query<{
      oid: number
      schema: string
      name: string
      live: string
      dead: string
      changed: string
      tuples: number
      pagesBytes: string
    }>(
      `select c.oid::int8 as oid, n.nspname as schema, c.relname as name,
              pg_catalog.pg_stat_get_live_tuples(c.oid) as live, pg_catalog.pg_stat_get_dead_tuples(c.oid) as dead,
              pg_catalog.pg_stat_get_mod_since_analyze(c.oid) as changed, c.reltuples::float8 as tuples,
              (c.relpages
               + coalesce((select sum(i.relpages) from pg_catalog.pg_index x join pg_catalog.pg_class i on i.oid = x.indexrelid
                           where x.indrelid = c.oid), 0)
               + coalesce((select t.relpages from pg_catalog.pg_class t where t.oid = c.reltoastrelid), 0)
              )::int8 * pg_catalog.current_setting('block_size')::int8 as "pagesBytes"
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'm', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       order by n.nspname, c.relname`,
    ),
  )
  const tables = rows.map((r) => {
    const live = Number(r.live)
    const dead = Number(r.dead)
    const tuples = Number(r.tuples)
    return {
      oid: Number(r.oid),
      schema: r.schema,
      name: r.name,
      live,
      dead,
      changed: Number(r.changed),
      // The pages counted at the last VACUUM or ANALYZE (or index build), grown as the rows have
      // since: no file is touched. Unknown (never counted) means sizing the files below.
      bytes: tuples >= 1 ? Math.round(Number(r.pagesBytes) * Math.max(1, (live + dead) / tuples)) : -1,
    }
  })
  const candidates = tables.filter((t) => neededActions(t).length > 0)
  const unsized = candidates.filter((t) => t.bytes < 0)
  if (unsized.length > 0) {
    const sizes = await statement(() =>
      db.query<{ oid: string; bytes: string }>(
        'select oid::int8 as oid, pg_catalog.pg_total_relation_size(oid) as bytes from unnest($1::oid[]) as oid',
        [unsized.map((t) => t.oid)],
      ),
    )
    const byOid = new Map(sizes.rows.map((r) => [Number(r.oid), Number(r.bytes)]))
    for (const t of unsized) t.bytes = byOid.get(t.oid) ?? 0
  }
  step.rows = candidates.length
  return { tables: candidates, step }
}

/** Which of VACUUM and ANALYZE a table needs now: each is a step of its own. */
export function neededActions(t: Pick<TableStats, 'live' | 'dead' | 'changed'>): ('vacuum' | 'analyze')[] {
  const actions: ('vacuum' | 'analyze')[] = []
  if (t.dead > 50 + LIMITS.database.vacuumShare * t.live) actions.push('vacuum')
  if (t.changed > 50 + LIMITS.database.analyzeShare * t.live) actions.push('analyze')
  return actions
}
