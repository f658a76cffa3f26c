// Starts the production server (`<outputDir>/server/index.mjs`, what `npm run build` makes) as a
// child process, and everything the starters around it need: waiting until it answers, stopping
// it, or running it in the foreground with the signals passed on. Used by scripts/start.mjs,
// scripts/e2e-server.mjs, bench/lib/server.mjs and tests/integration/app-server.ts.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

/** srvx lets open requests finish for up to 5 s after SIGTERM; past this the server is stuck. */
/**
 * A TCP port free on 127.0.0.1 at the time of asking (the system picks it), for a server a script
 * or test starts: test servers listen on loopback only.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

export const STOP_GRACE_MS = 10_000

/**
 * Node's flags for the production server, wherever it is started (npm start, the tests, the
 * benches; docs/deployment.md gives the same line for a process manager). V8's young generation
 * otherwise grows to 32 MB semi-spaces under a steady flow of requests: about 70 MB more resident
 * for no measurable speed (docs/decisions/034-embedded-memory.md).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8']

/** How long a start may take on a busy machine (another process holding a core) before it fails. */
export const START_BUDGET_MS = 60_000

/** Kept of a server's output for failure messages: the end of it, where start-up errors are. */
const OUTPUT_LIMIT = 256 * 1024

/**
 * @typedef {object} ServerOptions
 * @property {string} outputDir The build folder; its server/index.mjs is run.
 * @property {NodeJS.ProcessEnv} env The child's whole environment (merge process.env in yourself).
 * @property {'inherit' | 'capture' | 'capture-stdout'} [output] 'inherit' (the default) prints
 *   the server's output as this process's own; 'capture' keeps both streams for `output()`;
 *   'capture-stdout' keeps stdout and lets stderr through.
 * @property {string} [name] How messages name the server; `server in <outputDir>` by default.
 * @property {string[]} [nodeArgs] More of Node's flags before the script (a bench's `--cpu-prof`), after SERVER_NODE_ARGS.
 */

/**
 * @typedef {object} ServerProcess
 * @property {import('node:child_process').ChildProcess} child
 * @property {number | undefined} pid
 * @property {() => string} output What the server printed on the captured streams so far.
 * @property {() => boolean} hasExited
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {(options: { url: string, budgetMs?: number, intervalMs?: number }) => Promise<void>} waitUntilUp
 *   Resolves once `url` answers at all (any status: this waits for the port, not for a page).
 *   Rejects with the server's output when it exits first or the budget ends; the server is stopped then.
 * @property {(options?: { graceMs?: number }) => Promise<void>} stop SIGTERM, and SIGKILL after
 *   the grace (with a warning: a server that does not exit is a fault to see, not to wait on).
 */

/**
 * Whether nothing listens on `port` of 127.0.0.1 now. A server started on a taken port exits at
 * once, but `waitUntilUp` may first get an answer from the other process and take it for its own.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * Servers spawned here that are still running. They are ended when this process exits, also on an
 * uncaught error: a bench that stopped on one left its server listening, and the next run's
 * server could not take the port (the next run then measured the old server).
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set()
let endsWithThisProcess = false
function endWithThisProcess(/** @type {import('node:child_process').ChildProcess} */ child) {
  running.add(child)
  child.once('exit', () => running.delete(child))
  if (endsWithThisProcess) return
  endsWithThisProcess = true
  process.once('exit', () => {
    for (const server of running) server.kill('SIGTERM')
  })
}

/**
 * Spawns the built server.
 * @param {ServerOptions} options
 * @returns {ServerProcess}
 */
export function spawnServer({ outputDir, env, output: outputMode = 'inherit', name = `server in ${outputDir}`, nodeArgs = [] }) {
  const stdio = {
    inherit: /** @type {const} */ (['inherit', 'inherit', 'inherit']),
    capture: /** @type {const} */ (['ignore', 'pipe', 'pipe']),
    'capture-stdout': /** @type {const} */ (['ignore', 'pipe', 'inherit']),
  }[outputMode]
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, join(outputDir, 'server/index.mjs')], {
    env,
    stdio: [...stdio],
  })
  endWithThisProcess(child)
  let output = ''
  const keep = (/** @type {Buffer} */ chunk) => {
    output += chunk.toString()
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)

  let done = false
  /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */
  let result = { code: null, signal: null }
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      done = true
      result = { code, signal }
      resolve(result)
    })
    child.once('error', (error) => {
      // The process could not be started at all: no 'exit' follows.
      if (child.pid !== undefined) return
      keep(Buffer.from(`${error.stack ?? error.message}\n`))
      done = true
      resolve(result)
    })
  })
  const how = () => (result.signal ? `signal ${result.signal}` : `code ${result.code}`)
  const printed = () => (output ? `:\n${output}` : '')

  /** @type {ServerProcess['stop']} */
  async function stop({ graceMs = STOP_GRACE_MS } = {}) {
    if (done) return
    child.kill('SIGTERM')
    const kill = setTimeout(() => {
      console.warn(`[server] the ${name} did not exit within ${graceMs / 1000} s of SIGTERM: killed`)
      child.kill('SIGKILL')
    }, graceMs)
    await exited
    clearTimeout(kill)
  }

  /** @type {ServerProcess['waitUntilUp']} */
  async function waitUntilUp({ url, budgetMs = START_BUDGET_MS, intervalMs = 250 }) {
    const deadline = Date.now() + budgetMs
    for (;;) {
      if (done) throw new Error(`The ${name} exited during start-up with ${how()}${printed()}`)
      const up = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) }).then(
        async (response) => {
          await response.body?.cancel()
          return true
        },
        () => false,
      )
      if (up) return
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`The ${name} did not answer ${url} within ${budgetMs / 1000} s${printed()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  }

  return { child, pid: child.pid, output: () => output, hasExited: () => done, exited, waitUntilUp, stop }
}

/**
 * Runs the built server in the foreground: its output is this process's, SIGINT and SIGTERM are
 * passed on to it, and this process exits with its exit code (1 when a signal ended it).
 * @param {Omit<ServerOptions, 'output'>} options
 */
export function runServer(options) {
  const server = spawnServer({ ...options, output: 'inherit' })
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.child.kill(signal))
  server.exited.then(({ code, signal }) => process.exit(code ?? (signal ? 1 : 0)))
  return server
}
