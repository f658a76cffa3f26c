// Lighthouse scores with its default mobile emulation and simulated slow 4G (decision 182).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { Graph } from '@paulirish/trace_engine/models/trace/lantern/lantern.js'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { CHROMIUM_FLAGS, chromiumPath } from './browser.mjs'

/** Lighthouse's own threshold (core/gather/driver/environment.js): below it, "a slower CPU than Lighthouse expects". */
export const SLOW_HOST_BENCHMARK_INDEX = 1000
/** Main-thread tasks taking more than 2.5 times the CPU time they got: the page waited for a CPU for
 * more than its own Chromium makes it wait on a quiet 2-core machine (its GPU, network and browser
 * processes share the cores: 1.8–2.5 measured at load under 1, decision 199), so the run measured
 * the machine's other work as much as the page. */
export const MAX_CONTENTION = Number(process.env.BENCH_LIGHTHOUSE_MAX_CONTENTION) || 2.5
/** Whether a run measured the page rather than the machine's other work (see the top of this file). */
const isFair = (r) => r.benchmarkIndex >= SLOW_HOST_BENCHMARK_INDEX && (r.contention ?? 1) <= MAX_CONTENTION
const CPU_SLOWDOWN = 4
const BLOCKING_MS = 50
/** The main thread's time as multiples of each task's CPU time, for the re-simulations (see the top). */
export const CPU_TIME_FACTORS = [1, 2]

/** Lighthouse's simulation (Lantern) reads a main-thread task's duration from its node in the page's
 * dependency graph. While `factor` is set, that duration is the task's CPU time (`tdur` in the
 * trace) times `factor`; null restores Lighthouse's own wall time. */
const cpuTime = { factor: null, uses: 0 }
const wallDuration = Object.getOwnPropertyDescriptor(Graph.CPUNode.prototype, 'duration')
Object.defineProperty(Graph.CPUNode.prototype, 'duration', {
  configurable: true,
  get() {
    if (cpuTime.factor === null || this.event?.tdur === undefined) return wallDuration.get.call(this)
    cpuTime.uses++
    return this.event.tdur * cpuTime.factor
  },
})

/** The page's main thread in Lighthouse's trace (as observed, unthrottled): how much longer its
 * tasks took than the CPU time they got, and the blocking time their CPU time gives, ×4 as the
 * simulation counts. */
function mainThreadFigures(trace) {
  const events = trace?.traceEvents ?? []
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) return { contention: null, cpuTbtMs: null, longest: [], fullLayouts: null }
  const tasks = events.filter(
    (e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined,
  )
  // The page's own navigation (the last one before its first paint that loads a document: frames'
  // and the blank page's have none).
  const navigation = Math.max(
    0,
    ...events
      .filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && e.ts <= fcp.ts)
      .filter((e) => e.args?.data?.documentLoaderURL?.startsWith('http'))
      .map((e) => e.ts),
  )
  let wall = 0
  let thread = 0
  let cpuTbtMs = 0
  const longest = []
  for (const task of tasks) {
    if (task.dur < 1000 || task.ts < navigation) continue
    wall += task.dur
    thread += task.tdur
    const threadMs = task.tdur / 1000
    cpuTbtMs += Math.max(0, threadMs * CPU_SLOWDOWN - BLOCKING_MS)
    longest.push({ threadMs: Number(threadMs.toFixed(1)), wallMs: Number((task.dur / 1000).toFixed(1)) })
  }
  longest.sort((a, b) => b.threadMs - a.threadMs)
  // Layouts of (nearly) the whole page after the navigation: one is the page's first; a second
  // comes when a font lands after it (decision 191), and costs as much again.
  const fullLayouts = events.filter(
    (e) =>
      e.name === 'Layout' &&
      e.pid === fcp.pid &&
      e.ts >= navigation &&
      e.args?.beginData?.totalObjects > 100 &&
      e.args.beginData.dirtyObjects >= 0.9 * e.args.beginData.totalObjects,
  ).length
  return {
    contention: thread > 0 ? Number((wall / thread).toFixed(2)) : null,
    cpuTbtMs: Math.round(cpuTbtMs),
    longest: longest.slice(0, 3),
    fullLayouts,
  }
}

/** The performance score and TBT Lighthouse's simulation gives the run gathered in `dir` when every
 * main-thread task takes `factor` times its CPU time (see `cpuTime`). The audit needs the settings
 * of the gathering (`flags`), all categories included. */
async function simulatedOnCpuTime(url, dir, factor, flags) {
  cpuTime.factor = factor
  cpuTime.uses = 0
  try {
    const { lhr } = await lighthouse(url, { ...flags, auditMode: dir })
    if (cpuTime.uses === 0)
      throw new Error('Lighthouse no longer reads task durations through Lantern’s CPUNode: update simulatedOnCpuTime')
    return {
      factor,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    }
  } finally {
    cpuTime.factor = null
  }
}

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  const load1 = loadavg()[0]
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  let killed = false
  try {
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }
    // Gathered once (the browser's part), then audited: as Lighthouse does, then on CPU time.
    await lighthouse(url, { ...flags, port: chrome.port, gatherMode: dir })
    await chrome.kill()
    killed = true
    const result = await lighthouse(url, { ...flags, auditMode: dir })
    // A lost trace (NO_NAVSTART, NO_FCP) is Lighthouse's failure, not the page's: the caller retries.
    // Checked first: with no trace to simulate, the re-simulations below would read no task at all.
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}`)
    const onCpuTime = []
    for (const factor of CPU_TIME_FACTORS) onCpuTime.push(await simulatedOnCpuTime(url, dir, factor, flags))
    const c = result.lhr.categories
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100)
    const ms = (audit) => Math.round(result.lhr.audits[audit]?.numericValue ?? 0)
    // The metrics that cost points, with the points (weight × (1 − score)) each lost.
    const lost = (c.performance?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.acronym ?? ref.id} −${(ref.weight * (1 - result.lhr.audits[ref.id].score)).toFixed(1)}`)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      siMs: ms('speed-index'),
      cls: Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      lost,
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      load1: Number(load1.toFixed(1)),
      onCpuTime,
      ...mainThreadFigures(result.artifacts?.Trace),
    }
  } finally {
    if (!killed) await chrome.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

/** The run with the median performance score (ties: the slower LCP), with every run's figures. */
function summarize(all) {
  const fair = all.filter(isFair)
  const counted = fair.length > 0 ? fair : all
  const sorted = [...counted].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  return {
    ...middle,
    performanceRuns: counted.map((r) => r.performance),
    disturbedRuns: all.filter((r) => !fair.includes(r)).map((r) => r.performance),
    allDisturbed: fair.length === 0,
    cpuTbtMsMedian: median(counted.map((r) => r.cpuTbtMs ?? 0)),
    // Lighthouse's simulation on CPU time, every run's (the machine's load does not enter them).
    onCpuTime: CPU_TIME_FACTORS.map((factor) => {
      const runs = all.map((r) => r.onCpuTime.find((c) => c.factor === factor))
      return { factor, performance: runs.map((c) => c.performance), tbtMs: runs.map((c) => c.tbtMs) }
    }),
    runs: all,
  }
}

/** One line per run, for the log. */
export function describeRun(path, r) {
  return `${path}: performance ${r.performance}${r.lost.length ? ` (${r.lost.join(', ')})` : ''}, TBT ${r.tbtMs} ms (from CPU time ≤ ${r.cpuTbtMs} ms; longest tasks ${r.longest.map((t) => `${t.threadMs}/${t.wallMs}`).join(', ')} ms CPU/wall; full-page layouts ${r.fullLayouts}), LCP ${r.lcpMs} ms; on CPU time ${r.onCpuTime.map((c) => `×${c.factor}: ${c.performance} (TBT ${c.tbtMs} ms)`).join(', ')}; host benchmarkIndex ${r.benchmarkIndex}, main-thread wall ÷ CPU ${r.contention}, load ${r.load1}${isFair(r) ? '' : ' (machine busy: not counted)'}`
}

/** Lighthouse on each of `paths` under `base`, the pages taking turns, until each has `runs` fair
 * runs (at most `runs` more attempts per page). Each page's summary is the median of its fair runs
 * (of all its runs when none was fair, and then it says so), with every run's figures. */
export async function lighthousePages(base, paths, { runs = 3, log = () => {} } = {}) {
  const all = Object.fromEntries(paths.map((path) => [path, []]))
  const fair = (path) => all[path].filter(isFair).length
  for (let round = 0, failures = 0; round < runs * 2; round++) {
    const pending = paths.filter((path) => fair(path) < runs && all[path].length < runs * 2)
    if (pending.length === 0) break
    for (const path of pending) {
      try {
        const run = await lighthouseRun(`${base}${path}`)
        all[path].push(run)
        log(describeRun(path, run))
      } catch (error) {
        if (++failures > 3) throw error
        log(`${path}: ${error.message}, again`)
      }
    }
  }
  return Object.fromEntries(paths.map((path) => [path, summarize(all[path])]))
}

/** The table's figures of a page's summary. */
export function lighthouseFigures(s) {
  const slow = s.disturbedRuns.length && !s.allDisturbed ? `; not counted, machine busy: ${s.disturbedRuns.join(', ')}` : ''
  const warn = s.allDisturbed ? ' (every run on a busy machine: not a fair measure)' : ''
  const cpu = s.onCpuTime.map((c) => `×${c.factor} ${c.performance.join(', ')} (TBT ${c.tbtMs.join(', ')} ms)`).join('; ')
  return `performance **${s.performance}**${warn} (runs: ${s.performanceRuns.join(', ')}${slow}); Lighthouse's simulation on each task's CPU time, every run: ${cpu}; FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms (from CPU time, median of runs: ≤ ${s.cpuTbtMsMedian} ms), CLS ${s.cls}, SI ${s.siMs} ms; runs' host benchmarkIndex ${s.runs.map((r) => r.benchmarkIndex).join(', ')}, main-thread wall ÷ CPU ${s.runs.map((r) => r.contention).join(', ')}`
}

/** CPU seconds (user + system) process `pid` has used, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Waits until the server `pid` has used under 5% of a CPU for a whole second (its garbage
 * collection after load rounds, an upload's image copies), at most `maxSeconds`. Returns the
 * seconds waited. */
export async function waitUntilIdle(pid, { maxSeconds = 30 } = {}) {
  const start = Date.now()
  let before = cpuSeconds(pid)
  while (Date.now() - start < maxSeconds * 1000) {
    await sleep(1000)
    const now = cpuSeconds(pid)
    if (now - before < 0.05) break
    before = now
  }
  return Math.round((Date.now() - start) / 1000)
}
