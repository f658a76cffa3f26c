// Two builds' landing pages under the same load, in turns on one machine: the ratio to bare Node
// moves with the machine, so a change is judged against an older build measured beside it.
//   npm exec -- node bench/landing/compare.mjs OUTPUT_DIR_A OUTPUT_DIR_B [runs]
// Build each with `OUTPUT_DIR=… npx vite build` (an older commit from a `git worktree`).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../lib/server.mjs'
import { benchLanding } from './landing.mjs'

const [a, b, runs = '2'] = process.argv.slice(2)
if (!a || !b) {
  console.error('usage: node bench/landing/compare.mjs OUTPUT_DIR_A OUTPUT_DIR_B [runs]')
  process.exit(2)
}

const PORT = 4790
const results = { [a]: [], [b]: [] }
// A B, then B A, and so on: neither build always runs on the warmer machine.
const order = Array.from({ length: Number(runs) }, (_, i) => (i % 2 ? [b, a] : [a, b])).flat()
for (const outputDir of order) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-'))
  const server = await startServer({ outputDir, port: PORT, env: { DATA_DIR: dataDir } })
  try {
    await Promise.all(['/', '/en'].map((path) => fetch(`${server.url}${path}`).then((r) => r.text())))
    const result = await benchLanding({ url: server.url, pid: server.pid, barePort: PORT + 9 })
    results[outputDir].push(result.summary)
    console.log(`${outputDir}: ${line(result.summary)}`)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function line(summary) {
  return summary
    .map((s) => `${s.path} ${s.encoding === 'identity' ? 'plain' : 'gzip'} ${s.ratio.toFixed(2)}× (${s.cpuUs} µs CPU)`)
    .join(' · ')
}

console.log('\nratio to bare Node, each run (median of its rounds):')
for (const [outputDir, summaries] of Object.entries(results)) {
  const keys = summaries[0].map((s) => `${s.path} ${s.encoding === 'identity' ? 'plain' : 'gzip'}`)
  const cells = keys.map((key, i) => `${key} ${summaries.map((s) => s[i].ratio.toFixed(2)).join(', ')}`)
  console.log(`  ${outputDir}: ${cells.join(' · ')}`)
}
