// The server the browser tests drive: the production build, on a fresh data folder.
import { rmSync } from 'node:fs'
import { OUTPUT_DIR, buildIfNeeded } from './build-if-needed.mjs'
import { runServer } from './lib/server-process.mjs'

buildIfNeeded()
const dataDir = process.env.DATA_DIR ?? '.data-e2e'
rmSync(dataDir, { recursive: true, force: true })
runServer({
  outputDir: OUTPUT_DIR,
  env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' },
})
