/** Opens the embedded PostgreSQL (PGlite) with the extensions the migrations need. */
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { copyInitdbTemplate } from './initdb-template.server'
import { wasmTierUpAllowed } from './wasm-tier.server'

/** Keeps the one PostgreSQL function that V8 cannot optimize cheaply on its baseline compiler
 * (Liftoff), and lets every other hot function be optimized (decision 173, narrowing 034). */
let startsUnderWay = 0

async function withStartOnBaselineCompiler<T>(start: () => Promise<T>): Promise<T> {
  if (wasmTierUpAllowed()) return start()
  startsUnderWay++
  v8.setFlagsFromString('--wasm-tier-up-filter=0')
  try {
    return await start()
  } finally {
    if (--startsUnderWay === 0) v8.setFlagsFromString('--wasm-tier-up-filter=-1')
  }
}

/** PostgreSQL's page cache, inside the WebAssembly memory, which never shrinks: every buffer once
 * used stays in the server's resident memory (decision 034). */
const SHARED_BUFFERS = '32MB'

export async function openPglite(options: { dataDir: string; inMemory?: boolean; template?: Blob }): Promise<PGlite> {
  // In memory for tests: initdb in RAM is much faster than on disk, and nothing is left behind.
  const dataDir = options.inMemory ? undefined : path.resolve(options.dataDir, 'db')
  // PGlite creates its own folder but not the parents.
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  // A new folder of the built server starts from the build's empty cluster (decision 174).
  if (dataDir && !options.template) await copyInitdbTemplate(dataDir)
  return withStartOnBaselineCompiler(() =>
    PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      loadDataDir: options.template,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    }),
  )
}
