// `npm test`'s browser step (decision 261): the browser tests as two Playwright runs side by side,
// each with its own server, port, data folder and report, so each keeps what the suite assumes.
//   node scripts/e2e-shards.mjs REPORT_PREFIX [SHARDS=2]   (writes REPORT_PREFIX-N.json; fails if a run did)
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const [prefix = 'test-results/playwright', count = '2'] = process.argv.slice(2)
const SHARDS = Number(count)
const basePort = Number(process.env.E2E_PORT ?? 3210)
const baseData = process.env.E2E_DATA_DIR ?? '.data-e2e'
const baseResults = process.env.E2E_RESULTS_DIR ?? 'test-results/e2e'

/** Runs shard `n` of SHARDS; resolves to its exit code. */
function runShard(n) {
  const child = spawn('npx', ['playwright', 'test', `--shard=${n}/${SHARDS}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Ten ports apart: a spec's own servers take free ports of their own (freePort).
      E2E_PORT: String(basePort + (n - 1) * 10),
      E2E_DATA_DIR: `${baseData}-${n}`,
      E2E_RESULTS_DIR: `${baseResults}-${n}`,
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${prefix}-${n}.json`,
    },
  })
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${n}/${SHARDS}] ${line}`))
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)))
}

const codes = await Promise.all(Array.from({ length: SHARDS }, (_, i) => runShard(i + 1)))
process.exit(codes.every((code) => code === 0) ? 0 : 1)
