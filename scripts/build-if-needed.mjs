// Builds the production server when its inputs changed since the last build.
// The fingerprint covers every file the build reads; it is stored beside the output.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const INPUTS = [
  'src',
  'messages',
  'public',
  'supabase/migrations',
  'project.inlang/settings.json',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]
export const OUTPUT_DIR = process.env.OUTPUT_DIR ?? '.output'
const STAMP = `${OUTPUT_DIR}/.build-stamp`
const GENERATED = new Set(['src/paraglide', 'src/routeTree.gen.ts'])

function* files(path) {
  if (GENERATED.has(path) || !existsSync(path)) return
  const stat = statSync(path)
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name))
  } else if (!/\.test\.tsx?$/.test(path)) {
    yield [path, stat]
  }
}

export function fingerprint() {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const [path, stat] of files(input)) hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`)
  }
  return hash.digest('hex')
}

export function buildIfNeeded({ force = false } = {}) {
  const current = fingerprint()
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : ''
  if (!force && built === current && existsSync(`${OUTPUT_DIR}/server/index.mjs`)) {
    console.log('[build] up to date')
    return
  }
  console.log('[build] building the production server…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('[build] failed')
    process.exit(result.status ?? 1)
  }
  writeFileSync(STAMP, current)
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded({ force: process.argv.includes('--force') })
