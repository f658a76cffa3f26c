// `npm run bench`: performance figures of the production build, in one run, on this machine.
// Prints a table and writes bench-results/latest.{json,md}. The targets are the column "target" (docs/decisions/013, 032, 042, 078).
import { execFileSync } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { benchBackup } from './bench-backup.mjs'
import { bannerRows, benchBanner } from './bench/banner.mjs'
import { firstLoadJs } from './bench/browser.mjs'
import { lighthouseScores } from './bench/lighthouse.mjs'
import { load } from './bench/load.mjs'
import { benchSeed } from './bench/seed.mjs'
import { startServer } from './bench/server.mjs'

const OUTPUT_DIR = '.output-bench'
const DATA_DIR = '.data-bench'
const STATIC_DIR = 'public/__bench'
const PORT = 3950
const quick = process.argv.includes('--quick')
const LOAD = { connections: 50, duration: quick ? 3 : 10 }

function build() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit', env: { ...process.env, OUTPUT_DIR } })
}

function log(message) {
  console.log(`[bench] ${message}`)
}

const results = {
  machine: `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  date: new Date().toISOString(),
}

// `npm run bench -- --only backup`: only the backup and restore targets (docs/backups.md).
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'backup') {
  build()
  const backupRows = await benchBackup({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-backup`, port: PORT + 3 })
  const table = [
    '| measure | result | target |',
    '|---|---|---|',
    ...backupRows.map((r) => `| ${r.label} | ${r.value} | ${r.target} |`),
  ]
  const report = `Measured ${results.date} on ${results.machine} with \`npm run bench -- --only backup\`.\n\n${table.join('\n')}\n`
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/backup.md', report)
  console.log(`\n${report}`)
  process.exit(backupRows.every((r) => r.ok) ? 0 : 1)
}

// `npm run bench -- --only seed`: seeding 100,000 messages on both drivers (scripts/bench/seed.mjs).
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'seed') {
  const seedRows = await benchSeed({ dataDir: `${DATA_DIR}-seed`, runs: quick ? 1 : 2 })
  const table = [
    '| measure | result | target |',
    '|---|---|---|',
    ...seedRows.map((r) => `| ${r.label} | ${r.value} | ${r.target} |`),
  ]
  const report = `Measured ${results.date} on ${results.machine} with \`npm run bench -- --only seed\`.\n\n${table.join('\n')}\n`
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/seed.md', report)
  console.log(`\n${report}`)
  process.exit(seedRows.every((r) => r.ok) ? 0 : 1)
}

// 1. A static file as large as the landing page, served by the same server.
rmSync(DATA_DIR, { recursive: true, force: true })
rmSync(STATIC_DIR, { recursive: true, force: true })
build()
let server = await startServer({ outputDir: OUTPUT_DIR, port: PORT, env: { DATA_DIR } })
const pageBytes = (await (await fetch(`${server.url}/`)).text()).length
await server.stop()
mkdirSync(STATIC_DIR, { recursive: true })
writeFileSync(`${STATIC_DIR}/static.html`, `<!doctype html><title>bench</title>${'x'.repeat(Math.max(0, pageBytes - 40))}`)
try {
  build()
} finally {
  rmSync(STATIC_DIR, { recursive: true, force: true })
}

// 2. The inbox at 100,000 messages (seeds DATA_DIR, measures through the server functions).
log('inbox: seeding 100,000 messages and measuring list, filter and search…')
const { benchInbox } = await import('./bench-inbox.mjs')
results.inbox = await benchInbox({ outputDir: OUTPUT_DIR, dataDir: DATA_DIR, port: PORT + 1, quick })

// 2a. Seeding 100,000 messages with `npm run seed`, embedded and on PostgreSQL 17 (issue 22).
log('seed: 100,000 messages with npm run seed, embedded and on PostgreSQL 17…')
results.seed = await benchSeed({ dataDir: `${DATA_DIR}-seed` })

// 2b. A year of a busy firm on one embedded folder, maintained by the server's own passes.
log('maintenance: a simulated year of a busy firm on one embedded folder…')
const { benchMaintenance } = await import('./bench-maintenance.mjs')
results.maintenance = benchMaintenance({ quick })

// 3. Throughput of / beside the static file, then page weight and Lighthouse, on the seeded data.
server = await startServer({ outputDir: OUTPUT_DIR, port: PORT, env: { DATA_DIR } })
try {
  log(`load: ${LOAD.connections} connections × ${LOAD.duration} s on / and on a ${pageBytes}-byte static file…`)
  await load(`${server.url}/`, { connections: 10, duration: 1 })
  results.page = await load(`${server.url}/`, LOAD)
  results.static = await load(`${server.url}/__bench/static.html`, LOAD)
  results.pageBytes = pageBytes
  log('first-load JavaScript…')
  results.js = await firstLoadJs(`${server.url}/`)
  const minimalBuild = ['vite', 'build', '--config', 'bench/minimal/vite.config.ts']
  execFileSync('npx', minimalBuild, { stdio: 'ignore' })
  const minimal = await startServer({ outputDir: '.output-minimal', port: PORT + 2 })
  try {
    results.jsMinimal = await firstLoadJs(`${minimal.url}/`)
  } finally {
    await minimal.stop()
  }
  log('Lighthouse (mobile) on / and /en, 3 runs each…')
  results.lighthouse = { '/': await lighthouseScores(`${server.url}/`), '/en': await lighthouseScores(`${server.url}/en`) }
  log('banner: hero bytes on a phone, a 4.3 MB photo uploaded through the dialog, Lighthouse again…')
  results.banner = await benchBanner({
    url: server.url,
    dataDir: DATA_DIR,
    runs: quick ? 1 : 3,
    peakMemoryMb: server.peakMemoryMb,
    defaultLighthouse: results.lighthouse,
  })
  results.peakMemoryMb = Math.max(server.peakMemoryMb(), results.inbox.peakMemoryMb ?? 0)
} finally {
  await server.stop()
}

// 4. The spam filter: corpus figures and the time of one judgement (scripts/bench-spam.ts, decision 110).
log('spam filter: both corpora, rules alone and with a model from the other half, and one judgement…')
const spamOutput = execFileSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/bench-spam.ts', '--json'], { encoding: 'utf8' })
results.spam = JSON.parse(spamOutput.match(/^BENCH_SPAM (.*)$/m)?.[1] ?? '[]')
// 4. Backup of 100,000 messages while posting, and restores (docs/backups.md).
log('backup: 100,000 messages backed up while contact posts run, then restored into embedded and PostgreSQL 17…')
results.backup = await benchBackup({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-backup`, port: PORT + 3 })

// 5. Report.
const ratio = results.page.rps / results.static.rps
const rows = [
  ['`/` requests/s (p99)', `${results.page.rps} (${results.page.p99} ms), ${results.page.errors} errors`, ''],
  [`static ${pageBytes} B file requests/s (p99)`, `${results.static.rps} (${results.static.p99} ms)`, ''],
  ['`/` ÷ static', ratio.toFixed(2), '≥ 0.25'],
  ['first-load JS of `/` (gzip)', `${results.js.kbGzip.toFixed(1)} KB in ${results.js.files} files`, '≤ 130 KB'],
  ['framework minimum (gzip)', `${results.jsMinimal.kbGzip.toFixed(1)} KB in ${results.jsMinimal.files} files`, ''],
  ...results.inbox.rows.map((r) => [r.label, r.value, r.target ?? '']),
  ...results.seed.map((r) => [r.label, r.value, r.target]),
  ...results.maintenance.rows,
  ...Object.entries(results.lighthouse).map(([path, s]) => [
    `Lighthouse mobile ${path}`,
    `performance ${s.performance} (median of runs: ${s.performanceRuns.join(', ')}), accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}; FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms, CLS ${s.cls}, SI ${s.siMs} ms`,
    'performance 100',
  ]),
  ...bannerRows(results.banner),
  ...results.backup.map((r) => [r.label, r.value, r.target]),
  ['server peak memory', `${results.peakMemoryMb} MB`, '< 400 MB'],
  ...results.spam.map((r) => [r.label, r.value, r.target ?? '']),
]
const table = ['| measure | result | target |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
const report = `Measured ${results.date} on ${results.machine} with \`npm run bench\`.\n\n${table}\n`
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', JSON.stringify(results, null, 2))
writeFileSync('bench-results/latest.md', report)
console.log(`\n${report}`)
