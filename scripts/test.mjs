// `npm test`: every check — typecheck, lint, unit and integration tests (Vitest), browser tests
// (Playwright). Every step runs even when an earlier one fails (the browser tests need the build),
// so one run shows everything; the exit code is non-zero when any step failed.
//
// The production build is made once, first, and used by both test runners (decision 170). The
// steps then run one after another; the browser tests as two Playwright runs side by side (decision
// 261). `npm test -- --beside` runs them beside the typecheck, the lint and Vitest instead, their
// output kept in a file and printed when they end: it adds work to timing-sensitive tests, so it is
// not the default (CI runs on busy 2-core machines).
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import { stripVTControlCharacters } from 'node:util'
import { BUILD_CANARIES, INTEGRATION_OUTPUT_DIR } from '../tests/integration/build.ts'

const REPORTS = 'test-results/reports'
rmSync(REPORTS, { recursive: true, force: true })
mkdirSync(REPORTS, { recursive: true })
const BROWSER_LOG = `${REPORTS}/browser.log`
/** The browser tests run in two Playwright runs side by side (scripts/e2e-shards.mjs). */
const SHARDS = 2
const SHARD_NUMBERS = Array.from({ length: SHARDS }, (_, i) => i + 1)

/** What tests/integration/global-setup.ts builds; the browser tests' server uses the same build. */
const buildEnv = { NODE_ENV: 'production', ...BUILD_CANARIES, OUTPUT_DIR: INTEGRATION_OUTPUT_DIR }

const steps = {
  messages: { name: 'messages', cmd: ['node', 'scripts/compile-messages.mjs'] },
  build: { name: 'build', cmd: ['node', 'scripts/build-if-needed.mjs'], env: buildEnv },
  typecheck: { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'] },
  lint: { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  vitest: {
    name: 'unit+integration',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`],
    report: () => {
      const r = JSON.parse(readFileSync(`${REPORTS}/vitest.json`, 'utf8'))
      // The tests in tests/postgres run on the real PostgreSQL 17 server the suite starts.
      const onServer = r.testResults
        .filter((file) => file.name.includes('/tests/postgres/'))
        .flatMap((file) => file.assertionResults)
      const note = `${onServer.filter((t) => t.status === 'passed').length} of them on a PostgreSQL 17 server (tests/postgres)`
      const failures = r.testResults.flatMap((file) => {
        const where = file.name.replace(`${process.cwd()}/`, '')
        const failed = file.assertionResults.filter((t) => t.status === 'failed')
        if (failed.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`]
        return failed.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      })
      // A file can fail with no failed test (an error in a hook or outside any test): it counts once.
      // numFailedTestSuites would count each describe around a failed test as well.
      const filesWithoutFailedTest = r.testResults.filter(
        (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
      ).length
      return { passed: r.numPassedTests, failed: r.numFailedTests + filesWithoutFailedTest, note, failures }
    },
  },
  browser: {
    name: 'browser',
    cmd: ['node', 'scripts/e2e-shards.mjs', `${REPORTS}/playwright`, String(SHARDS)],
    env: { OUTPUT_DIR: INTEGRATION_OUTPUT_DIR },
    report: () => {
      const reports = SHARD_NUMBERS.map((n) => JSON.parse(readFileSync(`${REPORTS}/playwright-${n}.json`, 'utf8')))
      const failures = []
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== 'unexpected') continue
            const error = t.results?.at(-1)?.error?.message
            failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`)
          }
        }
        for (const child of suite.suites ?? []) walk(child)
      }
      for (const report of reports) for (const suite of report.suites ?? []) walk(suite)
      const sum = (pick) => reports.reduce((n, report) => n + pick(report.stats), 0)
      return { passed: sum((s) => s.expected + s.flaky), failed: sum((s) => s.unexpected + (s.errors ?? 0)), failures }
    },
  },
}

/** An error's first meaningful line, without colour codes: enough to name a failure in CI's tail. */
function firstLine(message) {
  const text = stripVTControlCharacters(String(message ?? ''))
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300)
}

function finish(step, status, started) {
  let counts = null
  if (step.report) {
    try {
      counts = step.report()
    } catch {
      counts = null
    }
  }
  // A failed test fails its step even if the runner's exit code said otherwise.
  const ok = status === 0 && (counts?.failed ?? 0) === 0
  return { name: step.name, ok, seconds: (Date.now() - started) / 1000, counts }
}

function run(step) {
  const started = Date.now()
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`)
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } })
  return finish(step, result.status, started)
}

/**
 * Starts `step` in the background, its output going straight into `logFile` (the steps after it
 * run with spawnSync, which holds this process: a pipe read here would fill up and stall the
 * child); resolves to its result once this process is free again.
 */
function runBeside(step, logFile) {
  const started = Date.now()
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')} (beside the next steps; output in ${logFile}, printed when it ends)`)
  const log = openSync(logFile, 'w')
  const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: ['ignore', log, log], env: { ...process.env, ...step.env } })
  closeSync(log)
  return new Promise((resolve) => {
    child.on('close', (status) => {
      // Its last line is written as it ends; the time it is noticed here may be later.
      const result = finish(step, status, started)
      result.seconds = (statSync(logFile).mtimeMs - started) / 1000
      resolve(result)
    })
  })
}

const results = {}
results.messages = run(steps.messages)
results.build = run(steps.build)
// Without a build, the runners would each try to make it at the same time: never beside then.
const beside = process.argv.includes('--beside')
const browser = results.build.ok && beside ? runBeside(steps.browser, BROWSER_LOG) : null
results.typecheck = run(steps.typecheck)
results.lint = run(steps.lint)
results.vitest = run(steps.vitest)
if (browser) {
  results.browser = await browser
  console.log(`\n=== ${steps.browser.name}: its output`)
  process.stdout.write(readFileSync(BROWSER_LOG, 'utf8'))
} else if (results.build.ok) {
  results.browser = run(steps.browser)
} else {
  // Each browser run's server would try to make the build at once, into the same folder.
  console.log(`\n=== ${steps.browser.name}: not run, the build failed`)
  results.browser = { name: steps.browser.name, ok: false, seconds: 0, counts: null }
}

const ordered = ['messages', 'build', 'typecheck', 'lint', 'vitest', 'browser'].map((key) => results[key])
console.log('\n=== Summary')
for (const r of ordered) {
  const counts = r.counts
    ? ` (${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.note ? `; ${r.counts.note}` : ''})`
    : ''
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(17)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`)
}
const passed = ordered.reduce((n, r) => n + (r.counts?.passed ?? 0), 0)
const failedTests = ordered.reduce((n, r) => n + (r.counts?.failed ?? 0), 0)
const failedSteps = ordered.filter((r) => !r.ok)
// The failures again, by name, at the end: CI keeps only the tail of a long log.
for (const r of ordered) for (const failure of r.counts?.failures ?? []) console.log(`FAILED  ${r.name}: ${failure}`)
console.log(`tests: ${passed} passed, ${failedTests + (failedTests === 0 ? failedSteps.length : 0)} failed`)
for (const n of SHARD_NUMBERS) {
  if (!existsSync(`${REPORTS}/playwright-${n}.json`)) console.log(`(browser run ${n} wrote no report)`)
}
process.exit(failedSteps.length === 0 ? 0 : 1)
