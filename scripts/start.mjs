// `npm start`: build when needed, then serve the production build on http://localhost:3000
// (PORT and HOST change that) with the backend chosen by the environment.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { OUTPUT_DIR, buildIfNeeded } from './build-if-needed.mjs'

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env')
buildIfNeeded()

const env = { ...process.env, PORT: process.env.PORT ?? '3000', HOST: process.env.HOST ?? '127.0.0.1' }
const server = spawn(process.execPath, [`${OUTPUT_DIR}/server/index.mjs`], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
