// Starts a built server for measurements and reads its peak memory.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** srvx lets open requests finish for up to 5 s after SIGTERM; past this the server is stuck. */
const STOP_GRACE_MS = 10_000

export async function startServer({ outputDir, port, env = {} }) {
  const child = spawn(process.execPath, [`${outputDir}/server/index.mjs`], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_EMAILS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server in ${outputDir} exited with ${child.exitCode}`)
    try {
      // Any answer means it listens (the minimal app has no static files to ask for).
      await fetch(`${url}/`)
      break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`server in ${outputDir} did not start`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    pid: child.pid,
    /** Peak resident memory of the server process so far, in MB (Linux VmHWM). */
    peakMemoryMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0)
      return Math.round(kb / 1024)
    },
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      // A server that never exits must not hang the bench; saying so keeps the fault visible.
      const kill = setTimeout(() => {
        console.warn(`[bench] the server in ${outputDir} did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM: killed`)
        child.kill('SIGKILL')
      }, STOP_GRACE_MS)
      await exited
      clearTimeout(kill)
    },
  }
}
