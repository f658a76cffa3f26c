// The statistics page at scale: 5 million raw page views (the last 30 days) and a year of daily
// aggregates, seeded with generate_series (visits.db.ts), on PGlite and on PostgreSQL 17. Times
// `/admin/stats?range=12m` over HTTP as a signed-in admin: the first request after a start (cold,
// once the start's retention pass is over), then the page and its server function (getStats) in turns.
// The seeded databases are kept between runs, keyed by what the seed depends on (seedKey).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { toJSONAsync } from 'seroval'
import { startPostgres } from '../lib/postgres.mjs'
import { functionId } from '../lib/server-functions.mjs'
import { RETENTION_ENDED, startServer } from '../lib/server.mjs'
import { runDb } from './visits.mjs'

export const STATS_TARGET_P95_MS = 200

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function timed(url, headers) {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const body = await response.text()
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 200)}`)
  return performance.now() - started
}

/** What a seeded database depends on: the views asked for, the day the seed counts back from
 * (Istanbul's), the seed's code with the app's SQL it uses, and the schema. Another key: seeded again. */
function seedKey(raw) {
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)
  const appSql = runDb(['seed-sql']).match(/BENCH_SEED_SQL (\w+)/)?.[1]
  const hash = createHash('sha256').update(`${raw}\n${today}\n${appSql}\n`)
  const folders = ['supabase/migrations', 'src/backend/sql/migrations']
  const files = folders.flatMap((folder) => readdirSync(folder).map((file) => join(folder, file)))
  for (const file of ['bench/visits/visits.db.ts', ...files.sort()]) hash.update(file).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

/** The seeded database, kept from an earlier run when its key (in `keyFile`) matches; a new session either way. */
async function seeded({ name, dataDir, raw, databaseUrl, keyFile, reseed, empty, log }) {
  const key = seedKey(raw)
  if (!reseed && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) {
    log(`${name}: the database seeded by an earlier run (key ${key}) is used again`)
  } else {
    rmSync(keyFile, { force: true })
    rmSync(dataDir, { recursive: true, force: true })
    await empty()
    log(`${name}: seeding ${raw.toLocaleString('en')} raw views and a year of aggregates (kept for the next runs)…`)
    process.stdout.write(runDb(['seed-stats', dataDir, String(raw)], databaseUrl))
    writeFileSync(keyFile, key)
  }
  runDb(['session', dataDir], databaseUrl)
}

async function measure({ name, outputDir, dataDir, port, raw, samples, databaseUrl = '', log }) {
  // No backup snapshot: a new data folder's first one would run during the cold request.
  const server = await startServer({
    outputDir,
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BACKUP_SNAPSHOTS: 'off' },
  })
  try {
    // The start's retention pass (the seeded messages' addresses and spam) is the retention bench's
    // figure: on PGlite it holds the database between its batches, so the page is measured after it.
    for (const until = Date.now() + 600_000; !RETENTION_ENDED.test(server.output()); ) {
      if (Date.now() > until) throw new Error('the retention pass did not end within 10 minutes')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const { cookie } = JSON.parse(readFileSync(join(dataDir, 'bench-session.json'), 'utf8'))
    const page = `${server.url}/admin/stats?range=12m`
    const payload = JSON.stringify(await toJSONAsync({ data: { range: '12m' } }))
    const fn = `${server.url}/_serverFn/${functionId(outputDir, 'getStats')}?${new URLSearchParams({ payload })}`
    const fnHeaders = { cookie, 'x-tsr-serverFn': 'true', accept: 'application/json', 'sec-fetch-site': 'same-origin' }
    const coldMs = await timed(page, { cookie })
    log(`${name}: cold ${coldMs.toFixed(0)} ms; ${samples} page and ${samples} server-function requests in turns…`)
    const pageTimes = []
    const fnTimes = []
    for (let i = 0; i < samples; i++) {
      pageTimes.push(await timed(page, { cookie }))
      fnTimes.push(await timed(fn, fnHeaders))
    }
    const summary = (times) => {
      const sorted = [...times].sort((a, b) => a - b)
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples: sorted.length }
    }
    const load = loadavg()[0]
    return { name, raw, coldMs, page: summary(pageTimes), fn: summary(fnTimes), load, peakMemoryMb: server.peakMemoryMb() }
  } finally {
    await server.stop()
  }
}

/** `reseed`: seed again even when the kept databases' keys match; `driver`: 'pglite' or 'postgres'
 * alone, else both. PostgreSQL listens on `port` + 1. */
export async function benchStats({ outputDir, dataDir, port, quick, reseed = false, driver, log }) {
  const raw = quick ? 500_000 : 5_000_000
  const samples = quick ? 10 : 40
  if (quick) dataDir = `${dataDir}-quick`
  const results = []
  if (driver !== 'postgres') {
    const keyFile = join(dataDir, 'bench-seed-key')
    await seeded({ name: 'PGlite', dataDir, raw, databaseUrl: '', keyFile, reseed, empty: async () => {}, log })
    results.push(await measure({ name: 'PGlite', outputDir, dataDir, port, raw, samples, log }))
  }
  if (driver === 'pglite') return report(results)
  const checkout = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 10)
  const pgDir = process.env.BENCH_STATS_PG_DIR ?? join(tmpdir(), `pusula-bench-stats-pg-${checkout}`)
  const postgres = await startPostgres({ port: port + 1, dir: pgDir })
  try {
    const name = `PostgreSQL ${postgres.version.split('.')[0]}`
    const pg = { name, dataDir: `${dataDir}-pg`, raw, databaseUrl: postgres.url }
    await seeded({ ...pg, keyFile: join(pgDir, 'bench-seed-key'), reseed, empty: postgres.recreateDatabase, log })
    results.push(await measure({ ...pg, outputDir, port, samples, log }))
  } finally {
    await postgres.stop()
  }
  return report(results)
}

function report(results) {
  const ms = (n) => `${n.toFixed(0)} ms`
  const rows = results.map((r) => ({
    label: `\`/admin/stats?range=12m\` at ${r.raw.toLocaleString('en')} raw views + a year of aggregates on ${r.name}: cold; page p50 / p95; getStats p95`,
    value: `${ms(r.coldMs)}; ${ms(r.page.p50)} / ${ms(r.page.p95)}; ${ms(r.fn.p95)} (${r.page.samples} each; load average ${r.load.toFixed(1)})`,
    target: `p95 < ${STATS_TARGET_P95_MS} ms, cold too`,
    ok: Math.max(r.coldMs, r.page.p95, r.fn.p95) < STATS_TARGET_P95_MS,
  }))
  return { rows, data: results }
}
