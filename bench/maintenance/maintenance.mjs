// A year of a busy firm on one embedded data folder, against a fresh folder holding the same live
// rows (decision 078): the folder's size and the inbox's p95 must stay within 1.5× of the fresh
// one's, and no maintenance step that runs while staff work may hold requests for more than 100 ms.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import os from 'node:os'

const WORK_DIR = process.env.BENCH_MAINTENANCE_DIR ?? '.data-bench-year'
const RATIO_TARGET = 1.5
const STEP_TARGET_MS = 100

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`
const ms = (n) => `${Math.round(n)} ms`
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} on ${os.cpus().length} cores`

export function benchMaintenance({ quick = false, keep = false } = {}) {
  rmSync(WORK_DIR, { recursive: true, force: true })
  const loadBefore = load()
  try {
    const output = execFileSync(
      process.execPath,
      ['scripts/run-ts.mjs', 'bench/maintenance/maintenance.db.ts', WORK_DIR, quick ? '0.1' : '1'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 * 2 ** 20 },
    )
    const result = JSON.parse(output.trim().split('\n').at(-1))
    const { totals, bytes, busyPass: busy } = result
    const data = (b) => b.total - b.wal
    const sizeRatio = bytes.year.total / bytes.fresh.total
    const dataRatio = data(bytes.year) / data(bytes.fresh)
    const p95Ratio = result.p95.year / result.p95.fresh
    const worst = busy.worst
    const idleWorst = result.idlePass.worst
    result.sizeRatio = sizeRatio
    result.p95Ratio = p95Ratio
    result.rows = [
      [
        'a year on one folder',
        `${totals.messages} messages (${totals.statusChanges} status changes, ${totals.deleted} deleted), ${totals.rateLimitHits} rate-limit hits, ${totals.signIns} sign-ins; ${result.liveMessages} messages live; simulated in ${Math.round(result.yearSeconds)} s, of which maintenance ${Math.round(result.maintenanceSeconds)} s; ${loadBefore} before, ${load()} after`,
        '',
      ],
      [
        'year ÷ fresh: folder size without the write-ahead log (pg_wal)',
        `${dataRatio.toFixed(2)} (${mb(data(bytes.year))} vs ${mb(data(bytes.fresh))})`,
        `≤ ${RATIO_TARGET}`,
      ],
      [
        'year ÷ fresh: whole folder',
        `${sizeRatio.toFixed(2)} (${mb(bytes.year.total)}, write-ahead log ${mb(bytes.year.wal)}, vs ${mb(bytes.fresh.total)}, write-ahead log ${mb(bytes.fresh.wal)}; both after a restart and a checkpoint): the log's recycled segments are files made ready for the log to come, about twice the log written between the last two checkpoints (at most max_wal_size, at least min_wal_size, 80 MB), removed only as the log passes them. The year writes a day's log between its nightly checkpoints; the fresh folder's copy wrote its whole content at once`,
        '',
      ],
      [
        'year ÷ fresh: inbox p95',
        `${p95Ratio.toFixed(2)} (${result.p95.year.toFixed(1)} vs ${result.p95.fresh.toFixed(1)} ms); medians ${result.medians.map((m) => `${m.query} ${m.year.toFixed(1)} vs ${m.fresh.toFixed(1)}`).join(', ')} ms`,
        `≤ ${RATIO_TARGET}`,
      ],
      [
        'maintenance while staff work: longest step',
        `${ms(worst.ms)} (${worst.action} ${worst.target}: cpu ${ms(worst.cpuMs)}, waiting for a CPU ${ms(worst.runQueueMs)}); ${busy.over100ms} of ${busy.steps} steps over ${STEP_TARGET_MS} ms${busy.overBy.length ? ` (${busy.overBy.join(', ')})` : ''}`,
        `≤ ${STEP_TARGET_MS} ms`,
      ],
      [
        'maintenance while staff work: longest step, less its wait for a CPU',
        `${ms(busy.worstOwn.ms - busy.worstOwn.runQueueMs)} (${busy.worstOwn.action} ${busy.worstOwn.target}: ${ms(busy.worstOwn.ms)} of which waiting for a CPU ${ms(busy.worstOwn.runQueueMs)}, cpu ${ms(busy.worstOwn.cpuMs)}); ${busy.ownOver100ms} steps over ${STEP_TARGET_MS} ms; most CPU in one step ${ms(busy.worstCpu.cpuMs)} (${busy.worstCpu.action} ${busy.worstCpu.target})`,
        `≤ ${STEP_TARGET_MS} ms`,
      ],
      [
        "requests' wait behind maintenance while staff work",
        `longest ${ms(busy.behindMax)}, p99 ${busy.behindP99.toFixed(1)} ms, ${busy.behindOver100ms} over ${STEP_TARGET_MS} ms; less the wait for a CPU meanwhile: longest ${ms(busy.behindOwnMax)}, p99 ${busy.behindOwnP99.toFixed(1)} ms, ${busy.behindOwnOver100ms} over ${STEP_TARGET_MS} ms (${busy.probes} requests, one due every 5 ms during the busy passes; their whole wait, whatever held them: longest ${ms(busy.probeMax)}, p99 ${busy.probeP99.toFixed(1)} ms)`,
        `≤ ${STEP_TARGET_MS} ms`,
      ],
      [
        'left for idle passes',
        `${
          Object.entries(busy.deferred)
            .map(([t, n]) => `${t} ×${n}`)
            .join(', ') || 'nothing'
        }; sweep batch ${busy.sweepBatchRows} rows at the end`,
        '',
      ],
      [
        'maintenance when idle: longest step',
        `${ms(idleWorst.ms)} (${idleWorst.action} ${idleWorst.target}, cpu ${ms(idleWorst.cpuMs)})`,
        '',
      ],
    ]
    return result
  } finally {
    if (!keep) rmSync(WORK_DIR, { recursive: true, force: true })
  }
}
