// `npm test`: every check, in order — typecheck, lint, unit and integration tests (Vitest),
// browser tests (Playwright). Every step runs even when an earlier one fails, so one run
// shows everything; the exit code is non-zero when any step failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const REPORTS = 'test-results/reports'
rmSync(REPORTS, { recursive: true, force: true })
mkdirSync(REPORTS, { recursive: true })

const steps = [
  { name: 'messages', cmd: ['node', 'scripts/compile-messages.mjs'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  {
    name: 'unit+integration',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`],
    report: () => {
      const r = JSON.parse(readFileSync(`${REPORTS}/vitest.json`, 'utf8'))
      // The tests in tests/postgres run on the real PostgreSQL 17 server the suite starts.
      const onServer = r.testResults
        .filter((file) => file.name.includes('/tests/postgres/'))
        .flatMap((file) => file.assertionResults)
      const note = `${onServer.filter((t) => t.status === 'passed').length} of them on a PostgreSQL 17 server (tests/postgres)`
      return { passed: r.numPassedTests, failed: r.numFailedTests + (r.success ? 0 : r.numFailedTestSuites), note }
    },
  },
  {
    name: 'browser',
    cmd: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
    report: () => {
      const s = JSON.parse(readFileSync(`${REPORTS}/playwright.json`, 'utf8')).stats
      return { passed: s.expected + s.flaky, failed: s.unexpected + (s.errors ?? 0) }
    },
  },
]

const results = []
for (const step of steps) {
  const started = Date.now()
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`)
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } })
  let counts = null
  if (step.report) {
    try {
      counts = step.report()
    } catch {
      counts = null
    }
  }
  // A failed test fails its step even if the runner's exit code said otherwise.
  const ok = run.status === 0 && (counts?.failed ?? 0) === 0
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000, counts })
}

console.log('\n=== Summary')
for (const r of results) {
  const counts = r.counts
    ? ` (${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.note ? `; ${r.counts.note}` : ''})`
    : ''
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(17)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`)
}
const passed = results.reduce((n, r) => n + (r.counts?.passed ?? 0), 0)
const failedTests = results.reduce((n, r) => n + (r.counts?.failed ?? 0), 0)
const failedSteps = results.filter((r) => !r.ok)
console.log(`tests: ${passed} passed, ${failedTests + (failedTests === 0 ? failedSteps.length : 0)} failed`)
if (!existsSync(`${REPORTS}/playwright.json`)) console.log('(no browser report was written)')
process.exit(failedSteps.length === 0 ? 0 : 1)
