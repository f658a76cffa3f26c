// A year of a busy firm on one embedded data folder, against a fresh folder holding the same live
// rows (docs/decisions/078-embedded-maintenance.md): the folder's size and the inbox's p95 must stay
// within 1.5× of the fresh one's, and the maintenance steps that run while staff work under 100 ms.
// Used by `npm run bench` (scripts/bench.mjs); alone: `node scripts/bench-maintenance.mjs [--quick]`
// (--quick: a tenth of the year's traffic).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const WORK_DIR = '.data-bench-year'
const RATIO_TARGET = 1.5
const STEP_TARGET_MS = 100

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`

export function benchMaintenance({ quick = false } = {}) {
  rmSync(WORK_DIR, { recursive: true, force: true })
  try {
    const output = execFileSync(
      process.execPath,
      ['scripts/run-ts.mjs', 'scripts/bench-maintenance.db.ts', WORK_DIR, quick ? '0.1' : '1'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 },
    )
    const result = JSON.parse(output.trim().split('\n').at(-1))
    const sizeRatio = result.bytes.year / result.bytes.fresh
    const p95Ratio = result.p95.year / result.p95.fresh
    const { totals } = result
    const worst = result.busyPass.worst
    const idleWorst = result.idlePass.worst
    result.rows = [
      [
        'a year on one folder',
        `${totals.messages} messages (${totals.statusChanges} status changes, ${totals.deleted} deleted), ${totals.rateLimitHits} rate-limit hits, ${totals.signIns} sign-ins; ${result.liveMessages} messages live; simulated in ${Math.round(result.yearSeconds)} s, of which maintenance ${Math.round(result.maintenanceSeconds)} s`,
        '',
      ],
      [
        'year ÷ fresh: folder size',
        `${sizeRatio.toFixed(2)} (${mb(result.bytes.year)} vs ${mb(result.bytes.fresh)})`,
        `≤ ${RATIO_TARGET}`,
      ],
      [
        'year ÷ fresh: inbox p95',
        `${p95Ratio.toFixed(2)} (${result.p95.year.toFixed(1)} vs ${result.p95.fresh.toFixed(1)} ms)`,
        `≤ ${RATIO_TARGET}`,
      ],
      [
        'maintenance while staff work: longest step',
        `${Math.round(worst.ms)} ms (${worst.action} ${worst.target}); ${result.busyPass.over100ms} of ${result.busyPass.steps} steps over ${STEP_TARGET_MS} ms${result.busyPass.overBy.length ? ` (${result.busyPass.overBy.join(', ')})` : ''}`,
        `≤ ${STEP_TARGET_MS} ms`,
      ],
      ['maintenance when idle: longest step', `${Math.round(idleWorst.ms)} ms (${idleWorst.action} ${idleWorst.target})`, ''],
    ]
    return result
  } finally {
    rmSync(WORK_DIR, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = benchMaintenance({ quick: process.argv.includes('--quick') })
  console.log(['| measure | result | target |', '|---|---|---|', ...result.rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'))
}
