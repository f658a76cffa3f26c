// The backup targets of `npm run bench` (docs/backups.md): `npm run backup` of 100,000 messages
// through the running embedded server while contact posts keep arriving (< 30 s, server peak < 400
// MB, posts p99 < 1 s, none refused), then `npm run restore` of that archive into an empty embedded
// folder and into PostgreSQL 17 (< 60 s each).
import { execFile } from 'node:child_process'
import { cpSync, readFileSync, rmSync, statSync } from 'node:fs'
import { promisify } from 'node:util'
import { toJSONAsync } from 'seroval'
import { functionId } from '../lib/server-functions.mjs'
import { startPostgres } from '../lib/postgres.mjs'
import { RETENTION_ENDED, startServer } from '../lib/server.mjs'
import { freePort } from '../../scripts/lib/server-process.mjs'

const run = promisify(execFile)
const MESSAGES = 100_000
const POSTERS = 4
const TARGETS = { backupS: 30, memoryMb: 400, postP99Ms: 1_000, restoreS: 60 }

function log(message) {
  console.log(`[bench-backup] ${message}`)
}

async function timed(script, args, env) {
  const started = performance.now()
  const { stdout } = await run(process.execPath, ['scripts/run-ts.mjs', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 2 ** 24,
  })
  return { seconds: (performance.now() - started) / 1000, stdout: stdout.trim() }
}

/** Contact posts from POSTERS clients, each from its own addresses, until `stop()`. */
function postContinuously(url, id) {
  const latencies = []
  /** When each post began (performance.now()), in the order of `latencies`. */
  const starts = []
  let refused = 0
  let stopped = false
  let n = 0
  const poster = async () => {
    while (!stopped) {
      n += 1
      const data = {
        name: 'Yük Testi',
        email: `load${n}@example.com`,
        message: `Yedek alınırken gelen mesaj ${n}: fiyat teklifi rica ediyoruz.`,
      }
      const body = JSON.stringify(await toJSONAsync({ data }))
      const started = performance.now()
      const res = await fetch(`${url}/_serverFn/${id}`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-tsr-serverFn': 'true',
          'sec-fetch-site': 'same-origin',
          origin: url,
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      })
      await res.text()
      latencies.push(performance.now() - started)
      starts.push(started)
      if (res.status !== 200) refused += 1
    }
  }
  const all = Array.from({ length: POSTERS }, poster)
  return {
    mark: () => latencies.length,
    async stop() {
      stopped = true
      await Promise.all(all)
      return { latencies, starts, refused }
    },
  }
}

/** Resident memory of `pid` now, in MB (Linux VmRSS); 0 once it has exited. */
function residentMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024)
  } catch {
    return 0
  }
}

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0

export async function benchBackup({ outputDir, dataDir, port }) {
  const archive = `${dataDir}-archive.gz`
  rmSync(dataDir, { recursive: true, force: true })
  if (process.env.BENCH_BACKUP_FROM) {
    // A folder seeded before (and stopped), for repeated runs: copied, not seeded again.
    log(`copying ${process.env.BENCH_BACKUP_FROM} instead of seeding…`)
    cpSync(process.env.BENCH_BACKUP_FROM, dataDir, { recursive: true })
  } else {
    log(`seeding ${MESSAGES.toLocaleString('en')} messages…`)
    await timed('seed', ['--messages', String(MESSAGES)], { DATA_DIR: dataDir })
  }
  const server = await startServer({
    outputDir,
    port,
    env: { DATA_DIR: dataDir, TRUST_PROXY: 'true', BACKUP_SNAPSHOTS: 'off', MAIL_FLOOD_MAX: '1000000' },
  })
  const rows = []
  try {
    // The server's first retention run anonymises the seeded messages' old IP addresses (about
    // 38,000 rows, a minute of CPU) in one transaction that holds every query: a firm's server
    // did that long before any backup. Posting and the backup start once it is over.
    const started = performance.now()
    while (!RETENTION_ENDED.test(server.output())) {
      if (performance.now() - started > 600_000) throw new Error('the server logged no retention run within 10 minutes')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    log(`the server's first retention run ended ${((performance.now() - started) / 1000).toFixed(1)} s after it answered`)
    const posts = postContinuously(server.url, functionId(outputDir, 'submitContactMessage'))
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const from = posts.mark()
    // The server's own figure before the backup, so that the peak says what the backup added.
    const residentBefore = residentMb(server.pid)
    let residentPeak = residentBefore
    const sampler = setInterval(() => {
      residentPeak = Math.max(residentPeak, residentMb(server.pid))
    }, 100)
    log(`npm run backup through the running server (resident ${residentBefore} MB), with contact posts…`)
    const backupStarted = performance.now()
    const backup = await timed('backup', [archive], { DATA_DIR: dataDir }).finally(() => clearInterval(sampler))
    const to = posts.mark()
    const { latencies, starts, refused } = await posts.stop()
    const during = latencies.slice(from, to)
    const slowest = during
      .map((ms, i) => ({ ms, at: (starts[from + i] - backupStarted) / 1000 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
    log(
      `slowest posts: ${slowest.map(({ ms, at }) => `${ms.toFixed(0)} ms from ${at.toFixed(1)} s`).join(', ')} (of a ${backup.seconds.toFixed(1)} s backup)`,
    )
    const memory = server.peakMemoryMb()
    const megabytes = statSync(archive).size / 2 ** 20
    rows.push(
      {
        label: `backup of ${MESSAGES.toLocaleString('en')} messages while posting (npm run backup, wall time; ${megabytes.toFixed(1)} MB)`,
        value: `${backup.seconds.toFixed(1)} s`,
        target: `< ${TARGETS.backupS} s`,
        ok: backup.seconds < TARGETS.backupS,
      },
      {
        label: 'server peak memory (seeded, posting, backing up)',
        value: `${memory} MB (resident ${residentBefore} MB before the backup, ${residentPeak} MB at most during it)`,
        target: `< ${TARGETS.memoryMb} MB`,
        ok: memory < TARGETS.memoryMb,
      },
      {
        label: `contact posts during the backup (${POSTERS} clients)`,
        value: `${during.length} posts, p99 ${p99(during).toFixed(0)} ms, ${refused} refused`,
        target: `p99 < ${TARGETS.postP99Ms} ms, 0 refused`,
        ok: p99(during) < TARGETS.postP99Ms && refused === 0 && during.length > 0,
      },
    )
  } finally {
    await server.stop()
  }

  if (process.env.BENCH_BACKUP_RESTORE === 'off') {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(archive, { force: true })
    return rows
  }
  const restoreDir = `${dataDir}-restore`
  rmSync(restoreDir, { recursive: true, force: true })
  log('npm run restore into an empty embedded folder…')
  const embedded = await timed('restore', [archive], { DATA_DIR: restoreDir })
  rmSync(restoreDir, { recursive: true, force: true })
  rows.push({
    label: 'restore into an empty embedded folder',
    value: `${embedded.seconds.toFixed(1)} s`,
    target: `< ${TARGETS.restoreS} s`,
    ok: embedded.seconds < TARGETS.restoreS,
  })

  const postgres = await startPostgres({ port: await freePort() })
  try {
    log(`npm run restore into PostgreSQL ${postgres.version}…`)
    const server = await timed('restore', [archive], { DATABASE_URL: postgres.url, DATA_DIR: restoreDir })
    rows.push({
      label: `restore into PostgreSQL ${postgres.version.split('.')[0]}`,
      value: `${server.seconds.toFixed(1)} s`,
      target: `< ${TARGETS.restoreS} s`,
      ok: server.seconds < TARGETS.restoreS,
    })
  } finally {
    await postgres.stop()
    rmSync(restoreDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(archive, { force: true })
  }
  return rows
}
