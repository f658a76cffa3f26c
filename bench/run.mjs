// `npm run bench`: the performance figures of the production build on this machine, every bench in
// turn; `npm run bench -- --only NAME[,NAME]` runs those alone (`--quick`: shorter runs). Each run
// writes its table to bench-results/ (git-ignored). Targets and how to read them: docs/performance.md.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { benchBackup } from './backup/backup.mjs'
import { bannerRows, benchBanner } from './banner/banner.mjs'
import { benchContent } from './content/content.mjs'
import { benchInbox } from './inbox/inbox.mjs'
import { benchLanding, landingRows } from './landing/landing.mjs'
import { firstLoadJs } from './lib/browser.mjs'
import { lighthouseFigures, lighthousePages } from './lib/lighthouse.mjs'
import { writeReport } from './lib/report.mjs'
import { startServer } from './lib/server.mjs'
import { benchMaintenance } from './maintenance/maintenance.mjs'
import { benchRetention } from './retention/retention.mjs'
import { benchSearch } from './search/search.mjs'
import { benchSeed } from './seed/seed.mjs'
import { benchVisits } from './visits/visits.mjs'

const OUTPUT_DIR = '.output-bench'
const DATA_DIR = '.data-bench'
// Overridable, so that benches in several checkouts on one machine do not meet.
const PORT = Number(process.env.BENCH_PORT) || 3950
const FIRST_LOAD_LIMIT_KB = 120

const argv = process.argv.slice(2)
const quick = argv.includes('--quick')
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const log = (message) => console.log(`[bench] ${message}`)
const table = (rows) => rows.map((r) => (Array.isArray(r) ? r : [r.label, r.value, r.target ?? '']))
const allOk = (rows) => rows.every((r) => r.ok !== false)

function build() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit', env: { ...process.env, OUTPUT_DIR } })
}

/** The first-load figure beside its limit, with the headroom left and the largest files. */
function firstLoadRow(js) {
  const files = js.list
    .filter((f) => f.gzip >= 1024)
    .map((f) => `${f.name.replace(/^\/assets\//, '')} ${(f.gzip / 1024).toFixed(1)}`)
    .join(', ')
  const headroom = FIRST_LOAD_LIMIT_KB - js.kbGzip
  const against = headroom >= 0 ? `${headroom.toFixed(1)} KB under the limit` : `**${(-headroom).toFixed(1)} KB over the limit**`
  return [
    'first-load JS of `/` (gzip)',
    `${js.kbGzip.toFixed(1)} KB in ${js.files} files (${against}; ${files})`,
    `≤ ${FIRST_LOAD_LIMIT_KB} KB`,
  ]
}

/** The landing pages on a new data folder: first-load JS, Lighthouse, load, banner uploads, peak memory by part. */
async function landing() {
  const dataDir = `${DATA_DIR}-landing`
  rmSync(dataDir, { recursive: true, force: true })
  const server = await startServer({ outputDir: OUTPUT_DIR, port: PORT, env: { DATA_DIR: dataDir } })
  const runs = quick ? 1 : 3
  const peakByPart = {}
  // Each part's own peak (decision 174): the start (database made, migrated, seeded), Lighthouse, load, uploads.
  const part = async (name, work) => {
    const result = await work()
    peakByPart[name] = server.peakMemoryMb()
    server.resetPeakMemory()
    return result
  }
  try {
    await part('start', () => Promise.all(['/', '/en'].map((path) => fetch(`${server.url}${path}`).then((r) => r.text()))))
    const js = await firstLoadJs(`${server.url}/`)
    // Lighthouse before the load rounds: right after them the machine is still busy (decision 182).
    log(`Lighthouse (mobile) on / and /en in turns, ${runs} fair runs each…`)
    const lighthouse = await part('Lighthouse', () =>
      lighthousePages(server.url, ['/', '/en'], { runs, log: (line) => log(`  ${line}`) }),
    )
    const load = { connections: 16, duration: quick ? 2 : 5, rounds: quick ? 1 : 3 }
    log(
      `load: / and /en, ${load.connections} connections, ${load.rounds} rounds of ${load.duration} s, beside a bare Node server…`,
    )
    const landing = await part('load', () => benchLanding({ url: server.url, pid: server.pid, barePort: PORT + 9, ...load, log }))
    log("banner: a designer's photo uploaded through the dialog, Lighthouse again…")
    const banner = await part('uploads', () =>
      benchBanner({
        url: server.url,
        dataDir,
        runs,
        peakMemoryMb: server.peakMemoryMb,
        serverPid: server.pid,
        defaultLighthouse: lighthouse,
      }),
    )
    const rows = [
      ...landingRows(landing),
      firstLoadRow(js),
      ...Object.entries(lighthouse).map(([path, s]) => [
        `Lighthouse mobile ${path} (before the load rounds)`,
        `${lighthouseFigures(s)}; accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}`,
        'performance 100',
      ]),
      ...bannerRows(banner),
      [
        'server peak memory (by part: start on a new data folder, Lighthouse, load, uploads)',
        `${Math.max(...Object.values(peakByPart))} MB (${Object.entries(peakByPart)
          .map(([name, mb]) => `${name} ${mb}`)
          .join(', ')})`,
        '< 400 MB',
      ],
    ]
    return { rows, data: { js, lighthouse, landing, banner, peakByPart } }
  } finally {
    await server.stop()
  }
}

/** The smallest TanStack Start app's first-load JS (bench/framework): the framework's share. */
async function framework() {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/framework/vite.config.ts'], { stdio: 'ignore' })
  const server = await startServer({ outputDir: '.output-minimal', port: PORT + 2 })
  try {
    const js = await firstLoadJs(`${server.url}/`)
    return { rows: [['framework minimum (gzip)', `${js.kbGzip.toFixed(1)} KB in ${js.files} files`, '']], data: js }
  } finally {
    await server.stop()
  }
}

/** The spam filter's corpus figures and one judgement's time, through the app's modules (run-ts). */
function spam() {
  const output = execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/spam/spam.ts', '--json'], { encoding: 'utf8' })
  const rows = JSON.parse(output.match(/^BENCH_SPAM (.*)$/m)?.[1] ?? 'null')
  if (!rows) throw new Error('the spam bench printed no figures')
  return { rows }
}

/** The replies targets (bench/replies): a real SMTP server and Dovecot beside the build (run-ts). */
function replies() {
  const args = ['scripts/run-ts.mjs', 'bench/replies/replies.ts', OUTPUT_DIR, `${DATA_DIR}-replies`]
  const output = execFileSync(process.execPath, [...args, ...(quick ? ['--quick'] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const result = JSON.parse(output.match(/^BENCH_REPLIES (.*)$/m)?.[1] ?? 'null')
  if (!result) throw new Error('the replies bench printed no figures')
  return { rows: result.rows, data: result }
}

/** Every bench by name, in the order of a full run; `build`: it needs the production build. */
const BENCHES = {
  inbox: {
    build: true,
    run: async () => {
      const inbox = await benchInbox({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-inbox`, port: PORT + 1, quick })
      return { rows: inbox.rows, data: inbox }
    },
  },
  search: {
    build: true,
    run: async () => {
      const driver = option('--driver')
      const search = await benchSearch({
        outputDir: OUTPUT_DIR,
        port: PORT + 4,
        rounds: Number(option('--rounds', 1)),
        drivers: driver ? [driver] : undefined,
        reseed: argv.includes('--reseed'),
      })
      return { rows: search.rows, markdown: search.markdown, data: search.results }
    },
  },
  seed: {
    run: async () => ({
      rows: await benchSeed({ dataDir: `${DATA_DIR}-seed`, runs: Number(option('--rounds', quick ? 1 : 2)) }),
    }),
  },
  maintenance: {
    run: async () => {
      const result = benchMaintenance({ quick, keep: argv.includes('--keep') })
      return { rows: result.rows, data: result }
    },
  },
  retention: {
    run: async () => {
      const result = benchRetention({ rounds: Number(option('--rounds', 1)), due: Number(option('--due', 38_000)), log })
      return { rows: result.rows, ok: result.ok, data: result.results }
    },
  },
  landing: { build: true, run: landing },
  framework: { run: framework },
  spam: { run: spam },
  replies: { build: true, run: replies },
  backup: {
    build: true,
    run: async () => ({ rows: await benchBackup({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-backup`, port: PORT + 3 }) }),
  },
  content: { build: true, run: () => benchContent({ outputDir: OUTPUT_DIR }) },
  visits: {
    build: true,
    run: () =>
      benchVisits({
        outputDir: OUTPUT_DIR,
        dataDir: `${DATA_DIR}-visits`,
        port: PORT + 5,
        quick,
        part: option('--part'),
        reseed: argv.includes('--reseed'),
        driver: option('--driver'),
        log,
      }),
  },
}

const only = option('--only')
const names = only ? only.split(',') : Object.keys(BENCHES)
const unknown = names.filter((name) => !(name in BENCHES))
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; the benches: ${Object.keys(BENCHES).join(', ')}`)
  process.exit(2)
}
if (names.some((name) => BENCHES[name].build)) build()
const results = {}
for (const name of names) {
  log(`${name}…`)
  results[name] = await BENCHES[name].run()
}
const rows = names.flatMap((name) => table(results[name].rows))
const ok = names.every((name) => results[name].ok ?? allOk(results[name].rows))
const command = only ? `npm run bench -- --only ${only}` : 'npm run bench'
writeReport(only ? names.join('-') : 'latest', { command, rows, results })
// A missed target fails a run of chosen benches; the full run reports it in its table.
process.exit(ok || !only ? 0 : 1)
