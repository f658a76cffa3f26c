/**
 * The empty cluster the production build ships beside the server (scripts/build-db-template.mjs):
 * a new data folder starts from it instead of PGlite's initdb, which holds a second PostgreSQL
 * instance and a copy of its whole memory while it runs, about 300 MB more at the server's peak
 * (docs/decisions/174-server-memory.md). Tools, tests and the dev server have no such file and run
 * initdb as before.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const INITDB_TEMPLATE_FILE = 'pglite-initdb.tar.gz'

/** Where Nitro's server entry is (it sets this global first thing); undefined outside the built server. */
function serverEntryDir(): string | undefined {
  const main = (globalThis as { __nitro_main__?: unknown }).__nitro_main__
  return typeof main === 'string' && main.startsWith('file:') ? path.dirname(fileURLToPath(main)) : undefined
}

/**
 * The built template as a gzip Blob when `pgdata` (PGlite's data folder) holds no cluster yet and
 * this process is the built server; otherwise undefined (PGlite resumes the cluster or runs initdb).
 */
export async function initdbTemplateFor(pgdata: string, serverDir = serverEntryDir()): Promise<Blob | undefined> {
  if (!serverDir || fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return undefined
  const file = path.join(serverDir, INITDB_TEMPLATE_FILE)
  if (!fs.existsSync(file)) return undefined
  return fs.openAsBlob(file, { type: 'application/gzip' })
}
