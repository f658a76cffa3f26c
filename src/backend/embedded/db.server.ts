/**
 * Opens the embedded PostgreSQL (PGlite) with the extensions the migrations need.
 */
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { copyInitdbTemplate } from './initdb-template.server'
import { wasmTierUpAllowed } from './wasm-tier.server'

/**
 * Keeps the one PostgreSQL function that V8 cannot optimize cheaply on its baseline compiler
 * (Liftoff), and lets every other hot function be optimized (decision 173, narrowing 034).
 *
 * Node 24's V8 re-compiles hot wasm functions with its optimizing compiler (Turboshaft). Optimizing
 * one of postgres' functions (#2272 of pglite.wasm, ~105 KB of code, called from PGlite's start-up
 * on) takes ~600 MB of compiler memory for a moment: the server's peak went from ~300 MB to ~880 MB
 * at the first queries (decision 034). The next largest needs ~35 MB. V8's `--wasm-tier-up-filter`
 * is read when Liftoff compiles a function, lazily at its first call, and decides for good whether
 * that function's code counts its way to an optimized version. So the filter is set to function 0
 * (an import in pglite.wasm: no function may tier up) while PGlite starts, which compiles #2272
 * and the rest of the start-up path barred from tier-up, and set back to "every function" once
 * the start is over: the functions the queries then reach for the first time (the executor's,
 * the indexes', pg_trgm's) are optimized when they get hot: the search statements take 15–20 %
 * less time than on Liftoff alone. Opens that overlap are counted so that the filter returns only
 * after the last.
 * Held by tests/backend/embedded/wasm-tiering.test.ts (no optimizing compile over 100 MB).
 */
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

/**
 * PostgreSQL's page cache, inside the WebAssembly memory, which never shrinks: every buffer once
 * used stays in the server's resident memory. The default (128 MB) would hold most of a 100k-message
 * inbox twice over, since the files are also in the operating system's cache, which serves
 * PGlite's reads cheaply. Measured in decision 034.
 */
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
