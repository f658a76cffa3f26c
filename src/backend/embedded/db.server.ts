/**
 * Opens the embedded PostgreSQL (PGlite) with the extensions the migrations need.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

export type Database = PGlite
/** Anything that runs a query: the database itself or an open transaction. */
export type Queryable = Pick<PGlite, 'query'> | Transaction

export async function openDatabase(options: { dataDir: string; inMemory?: boolean; template?: Blob }): Promise<Database> {
  // In memory for tests: initdb in RAM is much faster than on disk, and nothing is left behind.
  const dataDir = options.inMemory ? undefined : path.resolve(options.dataDir, 'db')
  // PGlite creates its own folder but not the parents.
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  return PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: options.template })
}
