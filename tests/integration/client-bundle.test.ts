import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILD_CANARIES, INTEGRATION_OUTPUT_DIR } from './build'

const PUBLIC_DIR = join(INTEGRATION_OUTPUT_DIR, 'public')

function clientFiles(dir = PUBLIC_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return clientFiles(path)
    return /\.(js|mjs|css|html|json|map)$/.test(entry.name) ? [path] : []
  })
}

describe('client assets of the production build', () => {
  const files = clientFiles()
  const sources = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }))

  it('exist', () => {
    expect(files.some((f) => f.endsWith('.js'))).toBe(true)
  })

  it('contain no server secret present at build time', () => {
    for (const { file, text } of sources) {
      for (const [name, value] of Object.entries(BUILD_CANARIES)) {
        expect(text.includes(value), `${name} leaked into ${file}`).toBe(false)
      }
    }
  })

  it('contain no server-only module or database code', () => {
    const serverOnly = [
      'SUPABASE_SERVICE_ROLE_KEY',
      'service_role',
      '@electric-sql/pglite',
      'pglite.wasm',
      'builtin_auth',
      'embedded_auth',
      // The file name as code names it; the staff area's copy may mention the file in a sentence.
      '"outbox.jsonl"',
      "'outbox.jsonl'",
      'node:fs',
      'node:crypto',
      'node:async_hooks',
      'create table',
      'openEmbedded',
      'openSupabase',
      'getBackend',
      '@supabase/supabase-js',
      'GoTrueClient',
    ]
    for (const { file, text } of sources) {
      for (const needle of serverOnly) {
        expect(text.includes(needle), `"${needle}" found in ${file}`).toBe(false)
      }
    }
  })
})
