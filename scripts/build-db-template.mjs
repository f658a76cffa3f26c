// The last step of `npm run build`: an empty PostgreSQL cluster, made by PGlite's initdb here and
// shipped beside the server (<OUTPUT_DIR>/server/pglite-initdb/), so that a server starting on a
// new data folder copies it instead of running initdb in its own process. PGlite's initdb keeps a
// second PostgreSQL instance and a copy of its whole memory while it runs: about 300 MB more at
// the server's peak, once, on the first start (docs/decisions/034-embedded-memory.md).
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

const OUTPUT_DIR = process.env.OUTPUT_DIR ?? '.output'
/** The folder src/backend/embedded/initdb-template.server.ts looks for beside the server's entry. */
const TEMPLATE = 'pglite-initdb'

const serverDir = join(OUTPUT_DIR, 'server')
if (!existsSync(join(serverDir, 'index.mjs'))) {
  console.error(`[db-template] ${serverDir}/index.mjs is missing: run it after vite build`)
  process.exit(1)
}
const started = Date.now()
const target = join(serverDir, TEMPLATE)
const partial = `${target}.partial`
rmSync(partial, { recursive: true, force: true })
rmSync(target, { recursive: true, force: true })
const pglite = await PGlite.create({ dataDir: partial })
await pglite.close()
renameSync(partial, target)
console.log(`[db-template] ${target}/ in ${Date.now() - started} ms`)
process.exit(0)
