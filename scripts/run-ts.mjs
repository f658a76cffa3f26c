// Runs a TypeScript module that needs Vite (import.meta.glob of the SQL migrations, the `~/`
// alias) outside the app server: `node scripts/run-ts.mjs <module.ts> [args...]`.
// The module's default export is called with the arguments after the module path and may
// return an exit code. tsx cannot do this: it knows nothing of import.meta.glob.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <module.ts> [args...]')
  process.exit(2)
}

// The bare minimum for server-side module loading: no app config (its plugins build the
// whole site), no file watcher, no HMR socket, no dependency pre-bundling.
const vite = await createServer({
  root,
  configFile: false,
  envFile: false,
  appType: 'custom',
  logLevel: 'error',
  clearScreen: false,
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
})

const file = path.resolve(process.cwd(), entry)
const relative = path.relative(root, file)
const id = relative.startsWith('..') || path.isAbsolute(relative) ? `/@fs${file}` : `/${relative.split(path.sep).join('/')}`

let exitCode = 0
try {
  const mod = await vite.ssrLoadModule(id)
  if (typeof mod.default !== 'function') throw new Error(`${entry} must export a default function`)
  const result = await mod.default(args)
  if (typeof result === 'number') exitCode = result
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  exitCode = 1
} finally {
  await vite.close()
}
process.exitCode = exitCode
