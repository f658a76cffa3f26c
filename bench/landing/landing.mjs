// The landing pages under load: requests per second of `/` and `/en` beside a bare Node server
// sending the same bytes from memory (bare-server.mjs), the two measured in turns, round after
// round, so that a busy machine weighs on both alike.
import { fork } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

export const LANDING_TARGETS = { ratio: 0.25, p99Ms: 50 }
const PATHS = ['/', '/en']
/** Plain bytes (what autocannon asks for) and gzip (what a browser asks for). */
const ENCODINGS = { identity: {}, gzip: { 'accept-encoding': 'gzip, deflate, br' } }

/** The bytes `url` answers with, as a client sending `headers` gets them (no decoding). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? null }))
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function startBare(pages, port) {
  const file = join(tmpdir(), `bench-landing-pages-${process.pid}.json`)
  writeFileSync(file, JSON.stringify(pages))
  const child = fork(new URL('./bare-server.mjs', import.meta.url).pathname, [String(port), file], { stdio: 'inherit' })
  await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)))
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') }
}

async function run(url, headers, pid, { connections, duration }) {
  const cpuBefore = cpuSeconds(pid)
  const result = await autocannon({ url, connections, duration, headers })
  const answers = result.requests.total
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUsPerRequest: answers > 0 ? Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / answers) : null,
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

/** `/` and `/en` of the server at `url` (process `pid`) under `connections` connections, `rounds`
 * rounds of `duration` seconds each, plain and gzip, each beside the bare server. */
export async function benchLanding({ url, pid, barePort, connections = 16, duration = 5, rounds = 3, log = () => {} }) {
  const pages = {}
  for (const path of PATHS) {
    for (const [name, headers] of Object.entries(ENCODINGS)) {
      await rawGet(`${url}${path}`, headers) // the first answer renders the page and keeps it
      const { body, encoding } = await rawGet(`${url}${path}`, headers)
      pages[path] = { ...pages[path], [name]: { body: body.toString('base64'), encoding } }
    }
  }
  const bare = await startBare(pages, barePort)
  const loadBefore = loadavg()
  const runs = []
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const path of PATHS) {
        for (const [encoding, headers] of Object.entries(ENCODINGS)) {
          const baseline = await run(`${bare.url}${path}`, headers, bare.pid, { connections, duration })
          const app = await run(`${url}${path}`, headers, pid, { connections, duration })
          runs.push({ round, path, encoding, bare: baseline, app, load1: loadavg()[0] })
          log(
            `round ${round} ${path} ${encoding}: app ${app.rps} rps (p99 ${app.p99} ms, ${app.cpuUsPerRequest} µs CPU), bare ${baseline.rps} rps (${baseline.cpuUsPerRequest} µs CPU), load ${loadavg()[0].toFixed(1)}`,
          )
        }
      }
    }
  } finally {
    bare.stop()
  }
  const summary = []
  for (const path of PATHS) {
    for (const encoding of Object.keys(ENCODINGS)) {
      const mine = runs.filter((r) => r.path === path && r.encoding === encoding)
      summary.push({
        path,
        encoding,
        bytes: Buffer.from(pages[path][encoding].body, 'base64').length,
        rps: median(mine.map((r) => r.app.rps)),
        bareRps: median(mine.map((r) => r.bare.rps)),
        // Each round's ratio (app ÷ bare measured back to back), then their median.
        ratio: median(mine.map((r) => r.app.rps / r.bare.rps)),
        ratios: mine.map((r) => Number((r.app.rps / r.bare.rps).toFixed(2))),
        p99: median(mine.map((r) => r.app.p99)),
        p99Worst: Math.max(...mine.map((r) => r.app.p99)),
        errors: mine.reduce((n, r) => n + r.app.errors, 0),
        cpuUs: median(mine.map((r) => r.app.cpuUsPerRequest)),
        bareCpuUs: median(mine.map((r) => r.bare.cpuUsPerRequest)),
      })
    }
  }
  return { connections, duration, rounds, loadBefore, loadAfter: loadavg(), runs, summary }
}

/** Table rows (measure, result, target) of `benchLanding`'s result. */
export function landingRows(result) {
  const load = (l) => l.map((x) => x.toFixed(1)).join(' ')
  return result.summary.map((s) => [
    `\`${s.path}\` ${s.encoding === 'identity' ? 'plain' : 'gzip'} (${s.bytes} B), ${result.connections} connections: requests/s ÷ bare Node`,
    `${s.rps} ÷ ${s.bareRps} rps = **${s.ratio.toFixed(2)}×** (rounds: ${s.ratios.join(', ')}); p99 ${s.p99} ms (worst round ${s.p99Worst} ms); ${s.errors} errors; CPU per answer ${s.cpuUs} µs vs ${s.bareCpuUs} µs; load average ${load(result.loadBefore)} → ${load(result.loadAfter)}`,
    `≥ ${LANDING_TARGETS.ratio}×, p99 < ${LANDING_TARGETS.p99Ms} ms, 0 errors`,
  ])
}
