// Beacons under load (docs/decisions/241-beacon-batches.md): 1,000 a second for 30 s against the
// production build on PGlite, then on a PostgreSQL 17 server this script starts, each on a new
// database: the beacons' latency, every beacon answered 204 and stored once (counted after the
// server has stopped), and `/`'s requests/s alone and while the beacons arrive. Then the
// statistics page at 5 million raw views (stats.mjs).
import { execFile, execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { startPostgres } from '../lib/postgres.mjs'
import { startServer } from '../lib/server.mjs'
import { benchStats } from './stats.mjs'

export const BEACON_TARGETS = { p99Ms: 50, landingRatio: 0.9 }
const GZIP = { 'accept-encoding': 'gzip, deflate, br' }

/** Runs the database half (visits.db.ts) and returns what it printed. */
export function runDb(args, databaseUrl) {
  return execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/visits/visits.db.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
  })
}

/** A process's /proc stat fields after its name: [1] its parent, [11..14] user, system, and its ended children's. */
const statOf = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').map(Number)

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = statOf(pid)
  return (fields[11] + fields[12]) / 100
}

/** CPU seconds of a process and its children, ended ones included: PostgreSQL's postmaster and its backends. */
function treeCpuSeconds(pid) {
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let fields
    try {
      fields = statOf(entry)
    } catch {
      continue
    }
    if (Number(entry) === pid) ticks += fields[11] + fields[12] + fields[13] + fields[14]
    else if (fields[1] === pid) ticks += fields[11] + fields[12]
  }
  return ticks / 100
}

async function landing(url, seconds) {
  const result = await autocannon({ url: `${url}/`, connections: 16, duration: seconds, headers: GZIP })
  return { rps: Math.round(result.requests.average), errors: result.errors + result.timeouts + result.non2xx }
}

/** The beacon sender (visits-bench.mjs) in a process of its own, so its work is not the server's or autocannon's. */
async function beacons(url, perSecond, seconds) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['bench/visits/visits-bench.mjs', url, String(perSecond), String(seconds)],
    { maxBuffer: 1 << 20 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1))
}

async function beaconRun({ name, outputDir, dataDir, port, perSecond, seconds, databaseUrl = '', databasePid, log }) {
  rmSync(dataDir, { recursive: true, force: true })
  // Each beacon names an address of its own in X-Forwarded-For, as many visitors would. No backup
  // snapshot: a new data folder's first one would run during the measurement.
  const server = await startServer({
    outputDir,
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', BACKUP_SNAPSHOTS: 'off' },
  })
  let result
  try {
    for (let i = 0; i < 20; i++) await fetch(`${server.url}/`, { headers: GZIP }).then((r) => r.arrayBuffer())
    // The first beacons load and compile the beacon's code and read the day's salt: not measured.
    const first = await beacons(server.url, 200, 2)
    // The CPU a beacon costs the server (and PostgreSQL's processes), alone, below capacity and at
    // the full rate; its last batch's INSERT counts too. Every µs of it is taken from `/`.
    const usPerBeacon = async (rate) => {
      const [server0, database0] = [cpuSeconds(server.pid), databasePid ? treeCpuSeconds(databasePid) : 0]
      const run = await beacons(server.url, rate, 3)
      await new Promise((resolve) => setTimeout(resolve, 400))
      const database = databasePid ? treeCpuSeconds(databasePid) - database0 : 0
      const us = (cpu) => Math.round((cpu * 1e6) / run.beacons)
      return { run, server: us(cpuSeconds(server.pid) - server0), database: us(database) }
    }
    const warm = await usPerBeacon(200)
    const full = await usPerBeacon(perSecond)
    const landingSeconds = Math.max(3, seconds - 4)
    log(`${name}: / alone for ${landingSeconds} s…`)
    // The server's share of one core (its one thread does the work; PGlite's too): what is left for beacons.
    const share = async (work) => {
      const [cpu, at] = [cpuSeconds(server.pid), performance.now()]
      const done = await work()
      return { done, core: (cpuSeconds(server.pid) - cpu) / ((performance.now() - at) / 1000) }
    }
    const alone = await share(() => landing(server.url, landingSeconds))
    log(`${name}: ${perSecond} beacons/s for ${seconds} s, / under load from the 2nd second…`)
    const sending = beacons(server.url, perSecond, seconds)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const during = await share(() => landing(server.url, landingSeconds))
    const sent = await sending
    const cpu = {
      at200: warm.server,
      atFullRate: full.server,
      databaseAtFullRate: full.database,
      senderAtFullRate: full.run.senderCpuUsPerBeacon,
      coreAlone: alone.core,
      coreDuring: during.core,
    }
    // A shared machine's load stretches latencies; the CPU per beacon it does not.
    result = {
      name,
      load: loadavg()[0],
      first,
      warm: warm.run,
      full: full.run,
      cpu,
      alone: alone.done,
      during: during.done,
      sent,
      peakMemoryMb: server.peakMemoryMb(),
    }
  } finally {
    // SIGTERM: the server stores what it holds before it exits.
    await server.stop()
  }
  const stored = Number(runDb(['count', dataDir], databaseUrl).match(/BENCH_VISITS_COUNT (\d+)/)?.[1] ?? -1)
  rmSync(dataDir, { recursive: true, force: true })
  const answered = [result.first, result.warm, result.full, result.sent].reduce((sum, run) => sum + (run.answers[204] ?? 0), 0)
  return { ...result, stored, answered }
}

const pct = (core) => `${Math.round(core * 100)} %`

function beaconRows(r, perSecond, seconds) {
  const ratio = r.during.rps / r.alone.rps
  const lost = r.answered - r.stored
  const all = r.sent.answers[204] === r.sent.beacons
  return [
    {
      label: `beacons ${perSecond}/s for ${seconds} s on ${r.name}: p50 / p95 / p99; answers`,
      value: `${r.sent.ms.p50} / ${r.sent.ms.p95} / ${r.sent.ms.p99} ms at ${r.sent.perSecond}/s; ${JSON.stringify(r.sent.answers)}; CPU a beacon at ${perSecond}/s (alone, warm, 3 s): server ${r.cpu.atFullRate} µs (${r.cpu.at200} at 200/s)${r.cpu.databaseAtFullRate ? `, PostgreSQL ${r.cpu.databaseAtFullRate} µs` : ''}, sender ${r.cpu.senderAtFullRate} µs (${r.sent.senderCpuUsPerBeacon} during \`/\`); load average ${r.load.toFixed(1)}`,
      target: `p99 < ${BEACON_TARGETS.p99Ms} ms, all 204`,
      ok: Number(r.sent.ms.p99) < BEACON_TARGETS.p99Ms && all,
    },
    {
      label: `beacons on ${r.name}: answered 204 / stored after the server stopped`,
      value: `${r.answered} / ${r.stored} (${lost} lost)`,
      target: '0 lost',
      ok: lost === 0,
    },
    {
      label: `\`/\` requests/s (16 connections, gzip) on ${r.name}: during the beacons ÷ alone`,
      value: `${ratio.toFixed(2)} (${r.during.rps} / ${r.alone.rps}; errors ${r.during.errors + r.alone.errors}); server CPU ${pct(r.cpu.coreAlone)} / ${pct(r.cpu.coreDuring)} of a core; peak ${r.peakMemoryMb} MB`,
      target: `≥ ${BEACON_TARGETS.landingRatio}`,
      ok: ratio >= BEACON_TARGETS.landingRatio && r.during.errors + r.alone.errors === 0,
    },
  ]
}

/** `part`: 'beacons' or 'stats' alone, else both; `driver`: 'pglite' or 'postgres' alone; `reseed`: the statistics' (stats.mjs). */
export async function benchVisits({ outputDir, dataDir, port, quick = false, part, reseed = false, driver, log = console.log }) {
  const perSecond = 1000
  const seconds = quick ? 8 : 30
  const runs = []
  if (part !== 'stats' && driver !== 'postgres')
    runs.push(await beaconRun({ name: 'PGlite', outputDir, dataDir, port, perSecond, seconds, log }))
  if (part !== 'stats' && driver !== 'pglite') {
    const postgres = await startPostgres({ port: await freePort() })
    const name = `PostgreSQL ${postgres.version.split('.')[0]}`
    try {
      const databaseUrl = postgres.url
      const databasePid = postgres.pid()
      runs.push(
        await beaconRun({ name, outputDir, dataDir: `${dataDir}-pg`, port, perSecond, seconds, databaseUrl, databasePid, log }),
      )
    } finally {
      await postgres.stop()
    }
  }
  const stats =
    part === 'beacons'
      ? { rows: [], data: null }
      : await benchStats({ outputDir, dataDir: `${dataDir}-stats`, port, quick, reseed, driver, log })
  const rows = [...runs.flatMap((r) => beaconRows(r, perSecond, seconds)), ...stats.rows]
  return { rows, data: { runs, stats: stats.data } }
}
