/**
 * Vitest globalSetup: one real PostgreSQL 17 server for every test of the `postgres` project.
 * The bootstrap superuser is `supabase_admin`, as on Supabase, so that the platform prelude
 * (tests/support/supabase-platform.sql) can create `postgres` as an ordinary role.
 */
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs'
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

export default async function setup(project: TestProject) {
  const port = await freePort()
  // fsync off: the cluster is thrown away, and the tests are what should be slow.
  const server = await startEmbeddedPostgres({
    port,
    superuser: SUPERUSER,
    password: PASSWORD,
    flags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  })
  const url = server.url(SUPERUSER, 'postgres')
  try {
    await prepareCluster(url)
  } catch (error) {
    await server.stop()
    throw error
  }
  project.provide('pgSuperuserUrl', url)
  return server.stop
}
