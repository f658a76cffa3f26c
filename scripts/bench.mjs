// `npm run bench`: performance figures of the production build, in one run, on this machine.
// Prints a table and writes bench-results/latest.{json,md}. The targets are the column "target" (docs/decisions/013, 032, 042, 078).
import { execFileSync } from 'node:child_process'
import { cpus, totalmem } from 'node:os'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { benchBackup } from './bench-backup.mjs'
import { bannerRows, benchBanner } from './bench/banner.mjs'
import { firstLoadJs } from './bench/browser.mjs'
import { benchLanding, landingRows } from './bench/landing.mjs'
import { lighthouseFigures, lighthousePages } from './bench/lighthouse.mjs'
import { benchSeed } from './bench/seed.mjs'
import { startServer } from './bench/server.mjs'

const OUTPUT_DIR = '.output-bench'
const DATA_DIR = '.data-bench'
const STATIC_DIR = 'public/__bench'
const PORT = 3950
const quick = process.argv.includes('--quick')
/** The landing pages under load (issue 22): 16 connections, rounds of the app and a bare Node server in turn. */
const LANDING = { connections: 16, duration: quick ? 2 : 5, rounds: quick ? 1 : 3 }
// Overridable, so that benches in several checkouts on one machine do not meet.
const BARE_PORT = Number(process.env.BENCH_BARE_PORT) || 43229
const LANDING_PORT = Number(process.env.BENCH_LANDING_PORT) || 43228

function build() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit', env: { ...process.env, OUTPUT_DIR } })
}

const FIRST_LOAD_LIMIT_KB = 130
/** The first-load figure beside its limit, with the headroom left and the largest files. */
function firstLoadRow(js) {
  const files = js.list
    .filter((f) => f.gzip >= 1024)
    .map((f) => `${f.name.replace(/^\/assets\//, '')} ${(f.gzip / 1024).toFixed(1)}`)
    .join(', ')
  return [
    'first-load JS of `/` (gzip)',
    `${js.kbGzip.toFixed(1)} KB in ${js.files} files (${(FIRST_LOAD_LIMIT_KB - js.kbGzip).toFixed(1)} KB under the limit; ${files})`,
    `≤ ${FIRST_LOAD_LIMIT_KB} KB`,
  ]
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
  const port = Number(process.env.BENCH_BACKUP_PORT) || PORT + 3
  const backupRows = await benchBackup({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-backup`, port })
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

// `npm run bench -- --only search`: every inbox call while typing, in Chromium, on a cold server
// at 100k, on PGlite and PostgreSQL 17 (scripts/bench-search.mjs, docs/decisions/140).
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'search') {
  build()
  const { benchSearch } = await import('./bench-search.mjs')
  const search = await benchSearch({ outputDir: OUTPUT_DIR, port: Number(process.env.BENCH_PORT ?? 43120) })
  const table = [
    '| measure | result | target |',
    '|---|---|---|',
    ...search.rows.map((r) => `| ${r.label} | ${r.value} | ${r.target} |`),
  ]
  const report = `Measured ${results.date} on ${results.machine} with \`npm run bench -- --only search\`.\n\n${table.join('\n')}\n${search.markdown}\n`
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/search.md', report)
  console.log(`\n${report}`)
  process.exit(search.rows.every((r) => r.ok) ? 0 : 1)
}

// `npm run bench -- --only landing`: the landing pages' targets (issue 22: 3 and 4) alone.
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'landing') {
  rmSync(`${DATA_DIR}-landing`, { recursive: true, force: true })
  build()
  const landingServer = await startServer({ outputDir: OUTPUT_DIR, port: LANDING_PORT, env: { DATA_DIR: `${DATA_DIR}-landing` } })
  const runs = quick ? 1 : 3
  let rows
  try {
    // The server's peak in each part (docs/decisions/174-server-memory.md): the start on a new
    // data folder (the database made, migrated and seeded, both pages rendered), the browsers,
    // the load, the uploads. The whole run's peak is the highest of them.
    results.peakMemoryByPhaseMb = {}
    const phase = async (name, work) => {
      const result = await work()
      results.peakMemoryByPhaseMb[name] = landingServer.peakMemoryMb()
      landingServer.resetPeakMemory()
      return result
    }
    await phase('start', () =>
      Promise.all(['/', '/en'].map((path) => fetch(`${landingServer.url}${path}`).then((r) => r.text()))),
    )
    log('first-load JavaScript…')
    results.js = await firstLoadJs(`${landingServer.url}/`)
    // Lighthouse before the load rounds, on the warmed server: right after them the machine is
    // still busy (docs/decisions/182-lighthouse-measured-fairly.md).
    log(`Lighthouse (mobile) on / and /en in turns, ${runs} fair runs each…`)
    results.lighthouse = await phase('Lighthouse', () =>
      lighthousePages(landingServer.url, ['/', '/en'], { runs, log: (line) => log(`  ${line}`) }),
    )
    log(
      `load: / and /en, ${LANDING.connections} connections, ${LANDING.rounds} rounds of ${LANDING.duration} s, beside a bare Node server…`,
    )
    results.landing = await phase('load', () =>
      benchLanding({ url: landingServer.url, pid: landingServer.pid, barePort: BARE_PORT, ...LANDING, log }),
    )
    log("banner: a designer's photo uploaded through the dialog, Lighthouse again…")
    results.banner = await phase('uploads', () =>
      benchBanner({
        url: landingServer.url,
        dataDir: `${DATA_DIR}-landing`,
        runs,
        peakMemoryMb: landingServer.peakMemoryMb,
        serverPid: landingServer.pid,
        defaultLighthouse: results.lighthouse,
      }),
    )
    results.peakMemoryMb = Math.max(...Object.values(results.peakMemoryByPhaseMb))
    rows = [
      ...landingRows(results.landing),
      firstLoadRow(results.js),
      ...Object.entries(results.lighthouse).map(([path, s]) => [
        `Lighthouse mobile ${path} (before the load rounds)`,
        `${lighthouseFigures(s)}; accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}`,
        'performance 100',
      ]),
      ...bannerRows(results.banner),
      [
        'server peak memory (by part: start on a new data folder, Lighthouse, load, uploads)',
        `${results.peakMemoryMb} MB (${Object.entries(results.peakMemoryByPhaseMb)
          .map(([name, mb]) => `${name} ${mb}`)
          .join(', ')})`,
        '< 400 MB',
      ],
    ]
  } finally {
    await landingServer.stop()
  }
  const table = ['| measure | result | target |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)]
  const report = `Measured ${results.date} on ${results.machine} with \`npm run bench -- --only landing\`.\n\n${table.join('\n')}\n`
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/landing.json', JSON.stringify(results, null, 2))
  writeFileSync('bench-results/landing.md', report)
  console.log(`\n${report}`)
  process.exit(0)
}

// `npm run bench -- --only retention`: retention's first pass over a 38,000-row backlog (decision 184).
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'retention') {
  const { benchRetention } = await import('./bench-retention.mjs')
  const retention = benchRetention({ rounds: quick ? 1 : 2 })
  const table = ['| measure | result | target |', '|---|---|---|', ...retention.rows.map((r) => `| ${r.join(' | ')} |`)]
  const report = `Measured ${results.date} on ${results.machine} with \`npm run bench -- --only retention\`.\n\n${table.join('\n')}\n`
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/retention.md', report)
  console.log(`\n${report}`)
  process.exit(retention.ok ? 0 : 1)
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

// 1. The production build (the landing bench compares it with a bare Node server, scripts/bench/landing.mjs).
rmSync(DATA_DIR, { recursive: true, force: true })
rmSync(STATIC_DIR, { recursive: true, force: true })
build()

// 2. The inbox at 100,000 messages (seeds DATA_DIR, measures through the server functions).
log('inbox: seeding 100,000 messages and measuring list, filter and search…')
const { benchInbox } = await import('./bench-inbox.mjs')
results.inbox = await benchInbox({ outputDir: OUTPUT_DIR, dataDir: DATA_DIR, port: PORT + 1, quick })

// 2a. Every inbox call while typing, in Chromium, on a cold server (issue 22, decision 140).
log('search: typing in the inbox at 100,000 messages in Chromium, PGlite and PostgreSQL 17…')
const { benchSearch } = await import('./bench-search.mjs')
results.search = await benchSearch({ outputDir: OUTPUT_DIR, port: PORT + 4, rounds: 1 })

// 2c. Seeding 100,000 messages with `npm run seed`, embedded and on PostgreSQL 17 (issue 22).
log('seed: 100,000 messages with npm run seed, embedded and on PostgreSQL 17…')
results.seed = await benchSeed({ dataDir: `${DATA_DIR}-seed` })

// 2b. A year of a busy firm on one embedded folder, maintained by the server's own passes.
log('maintenance: a simulated year of a busy firm on one embedded folder…')
const { benchMaintenance } = await import('./bench-maintenance.mjs')
results.maintenance = benchMaintenance({ quick })

// 2d. Retention's first pass over a backlog of 38,000 rows due (decision 184).
log('retention: the first pass over 38,000 rows due, an inbox query every 5 ms…')
const { benchRetention } = await import('./bench-retention.mjs')
results.retention = benchRetention({ rounds: 1, log })

// 3. Throughput of / beside the static file, then page weight and Lighthouse, on the seeded data.
const server = await startServer({ outputDir: OUTPUT_DIR, port: PORT, env: { DATA_DIR } })
try {
  log(
    `load: / and /en, ${LANDING.connections} connections, ${LANDING.rounds} rounds of ${LANDING.duration} s, beside a bare Node server…`,
  )
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
  // Lighthouse before the load rounds (docs/decisions/182-lighthouse-measured-fairly.md).
  log('Lighthouse (mobile) on / and /en in turns, 3 fair runs each…')
  results.lighthouse = await lighthousePages(server.url, ['/', '/en'], { runs: 3, log: (line) => log(`  ${line}`) })
  results.landing = await benchLanding({ url: server.url, pid: server.pid, barePort: BARE_PORT, ...LANDING, log })
  log('banner: hero bytes on a phone, a 4.3 MB photo uploaded through the dialog, Lighthouse again…')
  results.banner = await benchBanner({
    url: server.url,
    dataDir: DATA_DIR,
    runs: quick ? 1 : 3,
    peakMemoryMb: server.peakMemoryMb,
    serverPid: server.pid,
    defaultLighthouse: results.lighthouse,
  })
  results.peakMemoryMb = Math.max(server.peakMemoryMb(), results.inbox.peakMemoryMb ?? 0)
} finally {
  await server.stop()
}

// 4. The spam filter: corpus figures and the time of one judgement (scripts/bench-spam.ts, decision 110).
log('spam filter: held-out halves and the evaluation set, rules alone, day one and after learning, and one judgement…')
const spamOutput = execFileSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/bench-spam.ts', '--json'], { encoding: 'utf8' })
results.spam = JSON.parse(spamOutput.match(/^BENCH_SPAM (.*)$/m)?.[1] ?? '[]')
// 4. Backup of 100,000 messages while posting, and restores (docs/backups.md).
log('backup: 100,000 messages backed up while contact posts run, then restored into embedded and PostgreSQL 17…')
results.backup = await benchBackup({ outputDir: OUTPUT_DIR, dataDir: `${DATA_DIR}-backup`, port: PORT + 3 })

// 5. Report.
const rows = [
  ...landingRows(results.landing),
  firstLoadRow(results.js),
  ['framework minimum (gzip)', `${results.jsMinimal.kbGzip.toFixed(1)} KB in ${results.jsMinimal.files} files`, ''],
  ...results.inbox.rows.map((r) => [r.label, r.value, r.target ?? '']),
  ...results.search.rows.map((r) => [r.label, r.value, r.target]),
  ...results.seed.map((r) => [r.label, r.value, r.target]),
  ...results.maintenance.rows,
  ...results.retention.rows,
  ...Object.entries(results.lighthouse).map(([path, s]) => [
    `Lighthouse mobile ${path} (before the load rounds)`,
    `${lighthouseFigures(s)}; accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}`,
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
