// The inbox at 100,000 messages (docs/decisions/032-inbox-at-scale.md), with a team's owners, notes and history:
// seeds a fresh embedded data folder from the shared factory, then times listMessages over HTTP
// against the production build — the same request the browser sends — for list, filter and search,
// without and then with the trigram indexes; then the same with the trigram indexes on a PostgreSQL
// 17 server that this script starts and removes itself (the postgres mode, DATABASE_URL).
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fromCrossJSON, toJSONAsync } from 'seroval'
import { startPostgres } from '../lib/postgres.mjs'
import { measurePresence } from './presence.mjs'
import { functionId } from '../lib/server-functions.mjs'
import { startServer } from '../lib/server.mjs'
import { freePort } from '../../scripts/lib/server-process.mjs'

const MESSAGES = 100_000
const TARGET_P95_MS = 50
const PRESENCE_TARGET_P95_MS = 1000
/** The lead both colleagues have open (presence names a lead; it reads nothing of it). */
const PRESENCE_LEAD = '00000000-0000-4000-8000-000000000001'

/** What the inbox asks for; the search words come from the shared factory's texts. */
const SCENARIOS = [
  { label: 'list (all, page 1)', input: { status: 'all', q: '', page: 1 } },
  { label: 'list (all, page 1,000)', input: { status: 'all', q: '', page: 1000 }, info: true },
  { label: 'filter (status new)', input: { status: 'new', q: '', page: 1 } },
  { label: 'filter (status archived)', input: { status: 'archived', q: '', page: 1 } },
  // 'Yanıt Bekleyen': unanswered leads, oldest first (the partial index of decision 222).
  { label: 'filter (awaiting a reply)', input: { status: 'all', q: '', page: 1, reply: 'waiting' } },
  { label: 'filter + search (awaiting a reply, "erp")', input: { status: 'all', q: 'erp', page: 1, reply: 'waiting' } },
  { label: 'search (word: "platform")', input: { status: 'all', q: 'platform', page: 1 } },
  { label: 'search (name: "öztürk")', input: { status: 'all', q: 'öztürk', page: 1 } },
  { label: 'search (no match: "zqxjv")', input: { status: 'all', q: 'zqxjv', page: 1 } },
  { label: 'filter + search (read, "erp")', input: { status: 'read', q: 'erp', page: 1 } },
  // Shorter than a trigram: word starts of name and e-mail (docs/decisions/077).
  { label: 'short search (common: "a")', input: { status: 'all', q: 'a', page: 1 } },
  { label: 'short search (Turkish: "öz")', input: { status: 'all', q: 'öz', page: 1 } },
  { label: 'short search (no match: "zq")', input: { status: 'all', q: 'zq', page: 1 } },
  { label: 'short search (address: "x@")', input: { status: 'all', q: 'x@', page: 1 } },
  // A staff member typing a name: each prefix in turn, as the search box sends them.
  {
    label: 'typing session ("m" … "mehmet", "z" … "zqxjv")',
    inputs: ['m', 'me', 'meh', 'mehm', 'mehme', 'mehmet', 'z', 'zq', 'zqx', 'zqxj', 'zqxjv'].map((q) => ({
      status: 'all',
      q,
      page: 1,
    })),
  },
]

/** Last month in Istanbul days (UTC+3): within the ~70 days the seed's messages span. */
function lastMonth() {
  const istanbul = new Date(Date.now() + 3 * 3_600_000)
  const first = new Date(Date.UTC(istanbul.getUTCFullYear(), istanbul.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(istanbul.getUTCFullYear(), istanbul.getUTCMonth(), 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

/** The team's lists (owners, dates): the first call after the start ("cold") beside p95. */
const TEAM_SCENARIOS = [
  { label: 'owner=me', input: { status: 'all', q: '', page: 1, owner: 'me' }, team: true },
  { label: 'owner=none', input: { status: 'all', q: '', page: 1, owner: 'none' }, team: true },
  {
    label: `a month (${lastMonth().from} … ${lastMonth().to})`,
    input: { status: 'all', q: '', page: 1, ...lastMonth() },
    team: true,
  },
]

/** The first search once a started instance reports ready (its warm-up ended, decision 032). */
const COLD_SEARCH = { status: 'all', q: 'x@', page: 1 }

function log(message) {
  console.log(`[bench-inbox] ${message}`)
}

/** Runs the database half (inbox.db.ts); `databaseUrl` makes it work on that server. */
function runDb(args, databaseUrl) {
  execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/inbox/inbox.db.ts', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
  })
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Each query runs `samples` times, or fewer when slow: at least 30 runs, then up to ~20 s. */
const BUDGET_MS = 20_000
const MIN_SAMPLES = 30

/** Calls listMessages with each input in turn (one input: the same call every time). */
async function caller(url, cookie, id, inputs) {
  const targets = await Promise.all(
    inputs.map(
      async (input) =>
        `${url}/_serverFn/${id}?${new URLSearchParams({ payload: JSON.stringify(await toJSONAsync({ data: input })) })}`,
    ),
  )
  const headers = { cookie, 'x-tsr-serverFn': 'true', accept: 'application/json', 'sec-fetch-site': 'same-origin' }
  let next = 0
  return async () => {
    const i = next++ % targets.length
    const res = await fetch(targets[i], { headers })
    const body = await res.text()
    if (!res.ok) throw new Error(`listMessages ${JSON.stringify(inputs[i])}: HTTP ${res.status} ${body.slice(0, 200)}`)
    return body
  }
}

async function measure(url, cookie, id, inputs, samples) {
  const call = await caller(url, cookie, id, inputs)
  const firstStarted = performance.now()
  const page = fromCrossJSON(JSON.parse(await call()), { refs: new Map() }).result
  const firstMs = performance.now() - firstStarted
  for (let i = 0; i < 10; i++) await call()
  const times = []
  const until = performance.now() + BUDGET_MS
  for (let i = 0; i < samples && (i < MIN_SAMPLES || performance.now() < until); i++) {
    const started = performance.now()
    await call()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return {
    firstMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    samples: times.length,
    total: page.total,
    rows: page.items.length,
  }
}

async function measureAll({ outputDir, dataDir, port, samples, databaseUrl = '' }) {
  const server = await startServer({ outputDir, port, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, ready: true })
  try {
    const { cookie } = JSON.parse(readFileSync(join(dataDir, 'bench-session.json'), 'utf8'))
    const id = functionId(outputDir, 'listMessages')
    const first = await caller(server.url, cookie, id, [COLD_SEARCH])
    const started = performance.now()
    await first()
    const coldSearchMs = performance.now() - started
    const results = []
    // The team's lists first, while the server and the database's caches are cold.
    for (const scenario of [...TEAM_SCENARIOS, ...SCENARIOS])
      results.push({ ...scenario, ...(await measure(server.url, cookie, id, scenario.inputs ?? [scenario.input], samples)) })
    return { results, coldSearchMs, peakMemoryMb: server.peakMemoryMb() }
  } finally {
    await server.stop()
  }
}

/** The postgres mode on a PostgreSQL 17 server started for this run: seeded through the same
 * factory, measured with the trigram indexes. The server and its folder are removed whatever
 * happens. */
async function benchPostgres({ outputDir, dataDir, port, samples }) {
  const postgres = await startPostgres({ port: await freePort() })
  try {
    log(`PostgreSQL ${postgres.version}: seeding ${MESSAGES.toLocaleString('en')} messages…`)
    rmSync(dataDir, { recursive: true, force: true })
    runDb(['seed', dataDir, String(MESSAGES)], postgres.url)
    runDb(['restore-trigram', dataDir], postgres.url)
    log(`PostgreSQL ${postgres.version}: measuring up to ${samples} sequential requests per query, with the trigram indexes…`)
    const measured = await measureAll({ outputDir, dataDir, port, samples, databaseUrl: postgres.url })
    log(`PostgreSQL ${postgres.version}: a colleague's presence from a second instance, ${samples} times…`)
    const presence = await measurePresence({
      outputDir,
      dataDir,
      databaseUrl: postgres.url,
      samples,
      messageId: PRESENCE_LEAD,
    })
    return { version: postgres.version, ...measured, presence }
  } finally {
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Seeds, measures with and without the trigram indexes on PGlite, then with them on PostgreSQL 17,
 * and returns rows for the bench table (each scenario's PostgreSQL row beside its PGlite row). */
export async function benchInbox({ outputDir, dataDir, port, quick = false }) {
  const samples = quick ? 40 : 200
  rmSync(dataDir, { recursive: true, force: true })
  log(`PGlite: seeding ${MESSAGES.toLocaleString('en')} messages…`)
  runDb(['seed', dataDir, String(MESSAGES)])
  log(`PGlite: measuring up to ${samples} sequential requests per query, without the trigram indexes…`)
  const without = await measureAll({ outputDir, dataDir, port, samples })
  runDb(['restore-trigram', dataDir])
  log('PGlite: measuring again with the trigram indexes (the data folder is left with the full schema)…')
  const withTrgm = await measureAll({ outputDir, dataDir, port, samples })
  const postgres = await benchPostgres({ outputDir, dataDir: `${dataDir}-postgres`, port, samples })

  const fmt = (r) => `${r.team ? `cold ${r.firstMs.toFixed(1)} ms, ` : ''}p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`
  const target = (r) => (r.info ? '' : `p95 < ${TARGET_P95_MS} ms`)
  const ok = (r) => r.info || (r.p95 < TARGET_P95_MS && (!r.team || r.firstMs < TARGET_P95_MS))
  const postgresName = `PostgreSQL ${postgres.version.split('.')[0]}`
  const rows = withTrgm.results.flatMap((r, i) => {
    const w = without.results[i]
    const p = postgres.results[i]
    return [
      {
        label: `inbox ${r.label} at 100k on PGlite (${r.total.toLocaleString('en')} matches)`,
        value: `${fmt(r)}; without trigram: ${fmt(w)}`,
        target: target(r),
        ok: ok(r),
      },
      {
        label: `inbox ${p.label} at 100k on ${postgresName} (${p.total.toLocaleString('en')} matches)`,
        value: fmt(p),
        target: target(p),
        ok: ok(p),
      },
    ]
  })
  for (const [name, run] of [
    ['PGlite', withTrgm],
    [postgresName, postgres],
  ]) {
    rows.push({
      label: `inbox first search once ready after a start ("${COLD_SEARCH.q}") at 100k on ${name}`,
      value: `${run.coldSearchMs.toFixed(1)} ms`,
      target: `< ${TARGET_P95_MS} ms`,
      ok: run.coldSearchMs < TARGET_P95_MS,
    })
  }
  rows.push({
    label: `'görüntülüyor': a colleague's presence on the other instance (${postgresName}, ${postgres.presence.samples} times)`,
    value: `p50 ${postgres.presence.p50.toFixed(1)} ms, p95 ${postgres.presence.p95.toFixed(1)} ms`,
    target: `p95 < ${PRESENCE_TARGET_P95_MS} ms`,
    ok: postgres.presence.p95 < PRESENCE_TARGET_P95_MS,
  })
  return {
    rows,
    presence: postgres.presence,
    withTrigram: withTrgm.results,
    withoutTrigram: without.results,
    postgres: postgres.results,
    postgresVersion: postgres.version,
    peakMemoryMb: Math.max(withTrgm.peakMemoryMb, without.peakMemoryMb, postgres.peakMemoryMb),
    peakMemoryWithTrigramMb: withTrgm.peakMemoryMb,
    peakMemoryWithoutTrigramMb: without.peakMemoryMb,
    peakMemoryPostgresModeMb: postgres.peakMemoryMb,
  }
}
