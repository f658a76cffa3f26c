// Starts a built server for measurements and reads its peak memory.
import { readFileSync, writeFileSync } from 'node:fs'
import { portIsFree, spawnServer } from '../../scripts/lib/server-process.mjs'

/** The line the server logs when its retention pass has ended
 * (src/features/privacy/retention-schedule.server.ts): what it destroyed, nothing, another pass
 * under way, or a failure. Not its warnings about a slow step, which come while the pass is still
 * under way. */
export const RETENTION_ENDED = /\[retention\] (nothing was due|another pass is under way|the pass failed|[a-z_]+ \d+ \()/

/** `ready`: also wait until /readyz answers 200, as a load balancer would before sending staff to
 * the instance (the start's warm-up has then ended, decision 032). */
export async function startServer({ outputDir, port, env = {}, ready = false }) {
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port} of 127.0.0.1 is taken (a server left by an earlier run?): end that process first`)
  // stdout is kept (and shown only when the start fails); stderr goes to the bench's own.
  const server = spawnServer({
    outputDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_EMAILS: 'false', ...env },
    output: 'capture-stdout',
  })
  const url = `http://127.0.0.1:${port}`
  // Any answer means it listens (the minimal app has no static files to ask for).
  await server.waitUntilUp({ url: `${url}/`, intervalMs: 200 })
  if (ready) await untilReady(url)
  return {
    url,
    pid: server.pid,
    /** Peak resident memory of the server process so far, in MB (Linux VmHWM). */
    peakMemoryMb() {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
      const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0)
      return Math.round(kb / 1024)
    },
    /** Starts the peak over from the current resident memory (Linux: "5" to clear_refs resets
     * VmHWM), so that a part of a bench can report its own peak. False where it cannot. */
    resetPeakMemory() {
      try {
        writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
        return true
      } catch {
        return false
      }
    },
    /** What the server printed on stdout so far (its log lines). */
    output: () => server.output(),
    stop: () => server.stop(),
  }
}

async function untilReady(url, budgetMs = 60_000) {
  const deadline = Date.now() + budgetMs
  for (;;) {
    const res = await fetch(`${url}/readyz`)
    const body = await res.text()
    if (res.ok) return
    if (Date.now() > deadline) throw new Error(`${url}/readyz still ${res.status} after ${budgetMs} ms: ${body}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
