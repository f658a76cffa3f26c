// The benches' PostgreSQL 17: one database owned by an ordinary role (LOGIN, CREATEROLE for the
// roles the migrations create; not a superuser), as a managed PostgreSQL hands one to a customer.
// PostgreSQL's defaults otherwise (fsync on), as a server would run. Call stop() in a `finally`.
import pg from 'pg'
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs'

const SUPERUSER = 'bench_admin'
export const OWNER = 'pusula_bench'
const DATABASE = 'pusula_bench'
// A server on loopback that lives for one bench run: a fixed password is enough.
export const PASSWORD = 'bench-password'

/** Starts the server on `port` (kept in `dir` when given, else throwaway). */
export async function startPostgres({ port, dir }) {
  const server = await startEmbeddedPostgres({ port, superuser: SUPERUSER, password: PASSWORD, dir })
  /** Runs statements as the superuser; resolves to the last one's rows. */
  const asAdmin = async (statements) => {
    const admin = new pg.Client({ connectionString: server.url(SUPERUSER, 'postgres') })
    await admin.connect()
    try {
      let rows = []
      for (const statement of statements) rows = (await admin.query(statement)).rows
      return rows
    } finally {
      await admin.end()
    }
  }
  try {
    if (server.fresh) {
      await asAdmin([
        `create role ${OWNER} login nosuperuser createrole password '${PASSWORD}'`,
        `create database ${DATABASE} owner ${OWNER}`,
      ])
    }
    const [{ server_version }] = await asAdmin(['show server_version'])
    return {
      url: server.url(OWNER, DATABASE),
      urlFor: server.url,
      pid: server.pid,
      version: String(server_version).split(' ')[0],
      asAdmin,
      /** An empty database again (the migrations run at the next open). */
      recreateDatabase: () =>
        asAdmin([`drop database if exists ${DATABASE} with (force)`, `create database ${DATABASE} owner ${OWNER}`]),
      stop: server.stop,
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}
