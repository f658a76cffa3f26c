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
 * Keeps PostgreSQL's WebAssembly on V8's baseline compiler (Liftoff): no function is tiered up.
 *
 * Node 24's V8 re-compiles hot wasm functions with its optimizing compiler (Turboshaft). One of
 * postgres' functions (#2272 of pglite.wasm, ~105 KB of code) is hot on every query, and optimizing it
 * takes ~600 MB of compiler memory for a moment: the server's peak went from ~300 MB to ~880 MB at the
 * first queries (decision 034). Liftoff code keeps the inbox queries well under their target.
 * The filter lets only function 0 tier up, which in pglite.wasm is an import (never compiled), so none
 * does. V8 reads it when it compiles each function (lazily, at its first call), so setting it here,
 * before the first PGlite is created, works without a command-line flag (`--liftoff-only` would, but
 * cannot be set at run time nor through NODE_OPTIONS). The flag is process-wide: other wasm in the
 * process (undici's HTTP parser) stays on Liftoff too, which costs nothing measurable.
 */
function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString('--wasm-tier-up-filter=0')
}

/**
 * PostgreSQL's page cache, inside the WebAssembly memory, which never shrinks: every buffer once
 * used stays in the server's resident memory. The default (128 MB) would hold most of a 100k-message
 * inbox twice over, since the files are also in the operating system's cache, which serves
 * PGlite's reads cheaply. Measured in decision 034.
 */
const SHARED_BUFFERS = '32MB'

export async function openPglite(options: { dataDir: string; inMemory?: boolean; template?: Blob }): Promise<PGlite> {
  if (!wasmTierUpAllowed()) keepWasmOnBaselineCompiler()
  // In memory for tests: initdb in RAM is much faster than on disk, and nothing is left behind.
  const dataDir = options.inMemory ? undefined : path.resolve(options.dataDir, 'db')
  // PGlite creates its own folder but not the parents.
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  // A new folder of the built server starts from the build's empty cluster (decision 174).
  if (dataDir && !options.template) await copyInitdbTemplate(dataDir)
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: options.template,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  })
}
