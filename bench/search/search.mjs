// Searching while typing (docs/performance.md): a staff member types search terms into the inbox of
// 100,000 seeded messages, in Chromium, on a freshly started production server, and every server
// call the page makes meanwhile is timed by the browser (Resource Timing: from the request's start
// to the response's last byte).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { functionId } from '../lib/server-functions.mjs'
import { CHROMIUM_FLAGS, chromiumPath } from '../lib/browser.mjs'
import { PASSWORD, startPostgres } from '../lib/postgres.mjs'
import { RETENTION_ENDED } from '../lib/server.mjs'
import { spawnServer } from '../../scripts/lib/server-process.mjs'

const { chromium } = await import('@playwright/test')

const MESSAGES = 100_000
/** The embedded mode's own sample messages, which a new folder starts with (seed.server.ts). */
const SAMPLE_MESSAGES = 100
const TARGET_P95_MS = 50
/** A slow typist: every prefix outlasts the search box's 300 ms pause, so each one is a call. */
const KEY_DELAY_MS = 400

/** Terms from the seed's vocabulary (src/backend/seed-words.ts): common first names and surnames
 * (each about one message in 40), a region in company names, sector and product words, the e-mail
 * domain every address has, a rare full name, nothing at all, and short terms. */
export const TERMS = [
  { term: 'mehmet', kind: 'Turkish first name' },
  { term: 'öztürk', kind: 'Turkish surname' },
  { term: 'yılmaz', kind: 'Turkish surname' },
  { term: 'daniel', kind: 'English first name' },
  { term: 'collins', kind: 'English surname' },
  { term: 'anadolu', kind: 'region (company names)' },
  { term: 'lojistik', kind: 'sector word' },
  { term: 'platform', kind: 'product word' },
  { term: 'erp', kind: 'product word' },
  { term: 'example', kind: 'e-mail domain of every address' },
  { term: 'hakan koç', kind: 'rare full name' },
  { term: 'zqxjv', kind: 'no match' },
  { term: 'ş', kind: 'one letter' },
  { term: 'ay', kind: 'two letters' },
]

const quantile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : Number.NaN
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const log = (message) => console.log(`[bench-search] ${message}`)

/** Starts the production server on the seeded data and waits until it answers and its start-up
 * retention pass is over (the first start after a seed anonymizes the old addresses: minutes,
 * once). Automatic snapshots are off: a 100k archive is periodic work, not the search's. */
async function startServer({ outputDir, port, dataDir, databaseUrl }) {
  const server = spawnServer({
    outputDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_EMAILS: 'false',
      BACKUP_SNAPSHOTS: 'off',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    output: 'capture-stdout',
    // BENCH_SEARCH_CPU_PROF=<folder>: a V8 CPU profile of each server run, to see where a call's time goes.
    nodeArgs: process.env.BENCH_SEARCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SEARCH_CPU_PROF}`, '--cpu-prof-interval=200']
      : [],
  })
  const url = `http://127.0.0.1:${port}`
  await server.waitUntilUp({ url: `${url}/`, budgetMs: 600_000, intervalMs: 200 })
  for (const until = Date.now() + 600_000; !RETENTION_ENDED.test(server.output()); ) {
    if (Date.now() > until) {
      await server.stop()
      throw new Error(`the retention pass did not end within 10 minutes; the server said:\n${server.output().slice(-2000)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { url, pid: server.pid, output: () => server.output(), stop: (options) => server.stop(options) }
}

/** How many messages the kept database holds (every status, the trash included). */
function keptSize(dataDir, databaseUrl) {
  return Number(runDb(['size', dataDir], databaseUrl).match(/^BENCH_SEARCH_SIZE (\d+)$/m)[1])
}

/** The kept PostgreSQL cluster's folder: BENCH_SEARCH_PG_DIR, else one per checkout (named after the
 * bench's data folder), so that two checkouts on one machine never share, and seed, one cluster. */
function keptPostgresDir(dir) {
  const checkout = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 10)
  return process.env.BENCH_SEARCH_PG_DIR ?? join(tmpdir(), `pusula-bench-search-pg-${checkout}`)
}

function runDb(args, databaseUrl = '') {
  return execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/search/search.db.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
}

/** A PostgreSQL 17 cluster kept between runs in `dir` (seeded once), started on `port`. */
async function startKeptPostgres(dir, port) {
  const postgres = await startPostgres({ port, dir })
  return {
    ...postgres,
    /** What the server connects with: a login role that is only a member of app_server, as
     * docs/deployment.md runs production (decision 187). BENCH_SEARCH_PG_ROLE=owner: the owner. */
    serverUrl: async () => {
      if (process.env.BENCH_SEARCH_PG_ROLE === 'owner') return postgres.url
      await postgres.asAdmin([
        `do $$ begin
           if not exists (select from pg_roles where rolname = 'pusula_bench_server') then
             create role pusula_bench_server login password '${PASSWORD}' in role app_server;
           end if;
         end $$`,
      ])
      return postgres.urlFor('pusula_bench_server', 'pusula_bench')
    },
    dir,
  }
}

/** CPU time (user + system, ms) spent so far by the server process and, in the postgres mode, by the
 * PostgreSQL processes serving it, per process: unlike the browser's wall time it does not grow
 * with the other work on a shared machine, so before/after comparisons hold under any load. */
function cpuMs(pid, postmasterPid) {
  const TICK_MS = 10 // USER_HZ is 100 on Linux
  const read = (p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
    } catch {
      return undefined
    }
  }
  const byProcess = new Map([[pid, (read(pid)?.ticks ?? 0) * TICK_MS]])
  if (postmasterPid) {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      const stat = read(name)
      if (stat && (stat.ppid === postmasterPid || Number(name) === postmasterPid))
        byProcess.set(Number(name), stat.ticks * TICK_MS)
    }
  }
  return byProcess
}

/** The CPU time between two readings of cpuMs: each process's growth, a new one's all. A process
 * that ended meanwhile (a PostgreSQL worker) takes its time with it: it is left out, rather than
 * subtracted from the others as a plain difference of sums would. */
function cpuBetween(from, to) {
  let ms = 0
  for (const [pid, now] of to) ms += now - (from.get(pid) ?? 0)
  return ms
}

/** CPU time (ms) spent so far by this process's Chromium (every process of the browser this bench
 * launched): the machine's two cores are shared between it and the server, so what the page does
 * around each call is part of the time the call takes. */
function browserCpuMs() {
  const TICK_MS = 10
  const procs = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      procs.set(Number(name), { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {}
  }
  const ours = (pid) => {
    for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) if (p === process.pid) return true
    return false
  }
  let ticks = 0
  for (const [pid, proc] of procs) if (/^chrom/i.test(proc.comm) && ours(pid)) ticks += proc.ticks
  return ticks * TICK_MS
}

/** Types every term into the inbox's search box and returns the browser's timing of each server call. */
async function typeTerms(serverUrl, cookies, ids, cpu) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    const context = await browser.newContext({ locale: 'tr-TR' })
    await context.addCookies(cookies.map((c) => ({ ...c, url: serverUrl })))
    const page = await context.newPage()
    await page.goto(`${serverUrl}/admin/messages`)
    await page.locator('html[data-hydrated]').waitFor()
    await page.evaluate(() => performance.setResourceTimingBufferSize(100_000))
    const box = page.locator('#inbox-search')
    const windows = []
    for (const { term } of TERMS) {
      const from = await page.evaluate(() => performance.now())
      const cpuFrom = cpu()
      const browserFrom = browserCpuMs()
      await box.click()
      await box.pressSequentially(term, { delay: KEY_DELAY_MS })
      // The last prefix's calls: the pause, then the answer (a slow one is still counted).
      await page.waitForTimeout(1_500)
      await page.waitForLoadState('networkidle')
      windows.push({
        term,
        from,
        to: await page.evaluate(() => performance.now()),
        cpuMs: cpuBetween(cpuFrom, cpu()),
        browserCpuMs: browserCpuMs() - browserFrom,
      })
      await box.press('Escape')
      await page.waitForTimeout(1_000)
      await page.waitForLoadState('networkidle')
    }
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/_serverFn/'))
        .map((e) => ({ name: e.name, start: e.startTime, ms: e.responseEnd - e.startTime })),
    )
    const calls = entries.map((e) => {
      const id = new URL(e.name).pathname.split('/').pop()
      const fn = Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id
      const term = windows.find((w) => e.start >= w.from && e.start < w.to)?.term ?? '(clearing)'
      const payload = new URL(e.name).searchParams.get('payload') ?? ''
      const q = /"k":\["status","q","page"\],"v":\[\{[^}]*\},\{"t":1,"s":"((?:[^"\\]|\\.)*)"/.exec(payload)?.[1]
      return { fn, term, q: q === undefined ? undefined : JSON.parse(`"${q}"`), start: e.start, ms: e.ms }
    })
    return {
      calls,
      cpu: Object.fromEntries(windows.map((w) => [w.term, w.cpuMs])),
      browserCpu: Object.fromEntries(windows.map((w) => [w.term, w.browserCpuMs])),
    }
  } finally {
    await browser.close()
  }
}

function summarize(calls) {
  const times = calls.map((c) => c.ms).sort((a, b) => a - b)
  return { calls: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1) ?? Number.NaN }
}

async function benchDriver({ driver, outputDir, dir, port, rounds, reseed }) {
  const dataDir = resolve(dir, driver)
  let postgres
  let databaseUrl = ''
  if (driver === 'postgres') {
    postgres = await startKeptPostgres(keptPostgresDir(dir), port + 1)
    databaseUrl = postgres.url
  }
  try {
    // The kept database is used only when it holds what a seed makes (100,000 messages and the
    // embedded mode's few sample ones); anything else (an interrupted seed, a second one on top,
    // a folder from another checkout) is emptied and seeded again.
    const held = reseed || (driver === 'pglite' && !existsSync(join(dataDir, 'db'))) ? 0 : keptSize(dataDir, databaseUrl)
    if (held < MESSAGES || held > MESSAGES + SAMPLE_MESSAGES) {
      if (held > 0)
        log(
          `${driver}: the kept database holds ${held.toLocaleString('en')} messages, not ${MESSAGES.toLocaleString('en')}: seeding it again`,
        )
      if (driver === 'pglite') rmSync(dataDir, { recursive: true, force: true })
      else await postgres.recreateDatabase()
      log(`${driver}: seeding ${MESSAGES.toLocaleString('en')} messages (kept for the next runs)…`)
      runDb(['seed', dataDir, String(MESSAGES)], databaseUrl)
      log(`${driver}: a first start (its retention pass anonymizes the old addresses once)…`)
      await (await startServer({ outputDir, port, dataDir, databaseUrl })).stop()
      writeFileSync(join(dataDir, 'bench-seeded'), new Date().toISOString())
    }
    const counts = JSON.parse(
      runDb(['counts', dataDir, '', ...TERMS.map((t) => t.term)], databaseUrl).match(/^BENCH_SEARCH_COUNTS (.*)$/m)[1],
    )
    const ids = Object.fromEntries(
      ['listMessages', 'getAdminSession', 'getMessage', 'getSnapshotWarning'].flatMap((name) => {
        try {
          return [[name, functionId(outputDir, name)]]
        } catch {
          return []
        }
      }),
    )
    const serverUrl = postgres ? await postgres.serverUrl() : ''
    const runs = []
    for (let round = 1; round <= rounds; round++) {
      runDb(['session', dataDir], databaseUrl)
      const { cookies } = JSON.parse(readFileSync(join(dataDir, 'bench-session.json'), 'utf8'))
      const loadBefore = load()
      const server = await startServer({ outputDir, port, dataDir, databaseUrl: serverUrl })
      try {
        log(`${driver}: round ${round}, cold server, typing ${TERMS.length} terms (load ${loadBefore})…`)
        const postmasterPid = postgres
          ? Number(readFileSync(join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
          : 0
        const { calls, cpu, browserCpu } = await typeTerms(server.url, cookies, ids, () => cpuMs(server.pid, postmasterPid))
        // The server's own time for each list call (its request log, in order), beside the browser's.
        const logged = server
          .output()
          .split('\n')
          .filter((line) => line.includes(`/_serverFn/${ids.listMessages}`))
          .map((line) => Number(/"durationMs":([\d.]+)/.exec(line)?.[1] ?? / ([\d.]+) ms /.exec(line)?.[1]))
        const lists = calls.filter((c) => c.fn === 'listMessages')
        if (logged.length === lists.length) lists.forEach((c, i) => Object.assign(c, { serverMs: logged[i] }))
        runs.push({ calls, cpu, browserCpu, load: `${loadBefore} → ${load()}` })
        // BENCH_SEARCH_CALLS=<file>: every call of the run (function, search as typed, browser and server ms).
        if (process.env.BENCH_SEARCH_CALLS) writeFileSync(process.env.BENCH_SEARCH_CALLS, JSON.stringify(calls, null, 1))
      } finally {
        // A CPU profile is written as the server exits: that takes longer than a plain stop.
        await server.stop(process.env.BENCH_SEARCH_CPU_PROF ? { graceMs: 60_000 } : undefined)
        // BENCH_SEARCH_SERVER_LOG=<file>: what the server printed (its request log, maintenance, retention).
        if (process.env.BENCH_SEARCH_SERVER_LOG) writeFileSync(process.env.BENCH_SEARCH_SERVER_LOG, server.output())
      }
    }
    return { driver, counts, runs }
  } finally {
    await postgres?.stop()
  }
}

function report(results) {
  const lines = []
  for (const { driver, counts, runs } of results) {
    const calls = runs.flatMap((r) => r.calls)
    const all = summarize(calls)
    lines.push(
      `\n### ${driver === 'pglite' ? 'PGlite (embedded)' : `PostgreSQL 17 (server as ${process.env.BENCH_SEARCH_PG_ROLE === 'owner' ? 'the database owner' : 'a login role in app_server'})`}: ${runs.length} cold start(s), load ${runs.map((r) => r.load).join('; ')}`,
      '',
      `Every server call while typing: ${all.calls} calls, p50 ${all.p50.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms, max ${all.max.toFixed(1)} ms (target p95 < ${TARGET_P95_MS} ms: ${all.p95 < TARGET_P95_MS ? 'met' : 'NOT met'})`,
      '',
      '| term | kind | matches | calls | p50 ms | p95 ms | max ms | server CPU ms per list call | Chromium CPU ms per list call |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    )
    for (const { term, kind } of [...TERMS, { term: '(clearing)', kind: 'the box emptied: the unsearched list' }]) {
      const s = summarize(calls.filter((c) => c.term === term))
      const n = counts[term] ?? counts['']
      const lists = calls.filter((c) => c.term === term && c.fn === 'listMessages').length
      const cpu = runs.reduce((sum, r) => sum + (r.cpu[term] ?? 0), 0)
      const browser = runs.reduce((sum, r) => sum + (r.browserCpu[term] ?? 0), 0)
      const perCall = (ms) => (term === '(clearing)' || !lists ? '' : (ms / lists).toFixed(0))
      lines.push(
        `| ${term} | ${kind} | ${n.toLocaleString('en')} | ${s.calls} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} | ${perCall(cpu)} | ${perCall(browser)} |`,
      )
    }
    const slowest = calls
      .filter((c) => c.q !== undefined)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((c) => `'${c.q}' ${c.ms.toFixed(0)} ms${c.serverMs === undefined ? '' : ` (server ${c.serverMs} ms)`}`)
    lines.push('', `Slowest calls, the search as typed: ${slowest.join(', ')}`)
    for (const fn of [...new Set(calls.map((c) => c.fn))]) {
      const s = summarize(calls.filter((c) => c.fn === fn))
      lines.push(`\n${fn}: ${s.calls} calls, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`)
    }
  }
  return lines.join('\n')
}

/** For bench/run.mjs: rows of the bench table (one per driver). */
export async function benchSearch({
  outputDir,
  dir = '.data-bench-search',
  port,
  drivers = ['pglite', 'postgres'],
  rounds = 1,
  reseed = false,
}) {
  const results = []
  for (const driver of drivers) results.push(await benchDriver({ driver, outputDir, dir, port, rounds, reseed }))
  const rows = results.map(({ driver, runs }) => {
    const s = summarize(runs.flatMap((r) => r.calls))
    return {
      label: `inbox calls while typing ${TERMS.length} terms in Chromium, cold server, 100k, ${driver === 'pglite' ? 'PGlite' : 'PostgreSQL 17'}`,
      value: `${s.calls} calls: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`,
      target: `p95 < ${TARGET_P95_MS} ms`,
      ok: s.p95 < TARGET_P95_MS,
    }
  })
  return { rows, results, markdown: report(results) }
}
