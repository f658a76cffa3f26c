// The server the browser tests drive: the production build, on a fresh data folder.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { OUTPUT_DIR, buildIfNeeded } from './build-if-needed.mjs'

buildIfNeeded()
const dataDir = process.env.DATA_DIR ?? '.data-e2e'
rmSync(dataDir, { recursive: true, force: true })
const server = spawn(process.execPath, [`${OUTPUT_DIR}/server/index.mjs`], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
