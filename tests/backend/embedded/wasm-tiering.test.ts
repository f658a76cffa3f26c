/**
 * PGlite's WebAssembly in a server process (decision 173): the functions the queries make hot are
 * optimized by V8, except the one whose optimizing takes ~600 MB of compiler memory (decision 034),
 * which PGlite's start compiles barred from tier-up. Read from V8's own compile log
 * (`--trace-wasm-compilation-times`) of a child process that opens PGlite as the server does.
 */
import { spawn } from 'node:child_process'
import { expect, it } from 'vitest'

/** The largest compile of the other functions needs ~35 MB; the one kept on the baseline ~600 MB. */
const MAX_COMPILE_BYTES = 100 * 1024 * 1024

function traceCompiles(): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--trace-wasm-compilation-times', 'scripts/run-ts.mjs', 'tests/backend/embedded/wasm-tiering.fixture.ts'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  child.stdout.on('data', (chunk) => (out += chunk))
  child.stderr.on('data', (chunk) => (out += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })))
}

it('optimizes the hot functions of PGlite, none of whose compiles needs 100 MB', { timeout: 180_000 }, async () => {
  const { code, out } = await traceCompiles()
  expect(out).toContain('WASM_TIERING_DONE')
  expect(code).toBe(0)
  const optimized = [...out.matchAll(/#(\d+) using TurboFan, took \d+ ms and (\d+) \/ \d+ max\/total bytes/g)].map(
    ([, index, bytes]) => ({ index: Number(index), bytes: Number(bytes) }),
  )
  // Tier-up is on for what the queries reach after the start…
  expect(optimized.length).toBeGreaterThanOrEqual(5)
  // …and off for the function whose optimizing would take the server's memory past its target.
  const largest = optimized.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  expect(largest.bytes, `function #${largest.index}`).toBeLessThan(MAX_COMPILE_BYTES)
})
