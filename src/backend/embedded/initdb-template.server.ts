/** The empty cluster the production build ships beside the server (scripts/build-db-template.mjs): a
 * new data folder is copied from it instead of made by PGlite's initdb, which holds a second
 * PostgreSQL instance and a copy of its whole memory while it runs, about 300 MB more at the
 * server's peak (docs/decisions/034-embedded-memory.md). */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder, beside the built server's entry, that holds the empty cluster. */
export const INITDB_TEMPLATE_DIR = 'pglite-initdb'

/** Where Nitro's server entry is (it sets this global first thing); undefined outside the built server. */
function serverEntryDir(): string | undefined {
  const main = (globalThis as { __nitro_main__?: unknown }).__nitro_main__
  return typeof main === 'string' && main.startsWith('file:') ? path.dirname(fileURLToPath(main)) : undefined
}

/** Copies the built template into `pgdata` (PGlite's data folder) when that folder does not exist
 * yet and this process is the built server; then PGlite finds a cluster and resumes it. Returns
 * whether it did. */
export async function copyInitdbTemplate(pgdata: string, serverDir = serverEntryDir()): Promise<boolean> {
  if (!serverDir || fs.existsSync(pgdata)) return false
  const template = path.join(serverDir, INITDB_TEMPLATE_DIR)
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false
  const partial = `${pgdata}.partial`
  await fs.promises.rm(partial, { recursive: true, force: true })
  await fs.promises.cp(template, partial, { recursive: true, errorOnExist: true, force: false })
  await fs.promises.rename(partial, pgdata)
  return true
}
