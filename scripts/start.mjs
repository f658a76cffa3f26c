// `npm start`: build when needed, then serve the production build on http://localhost:3000
// (PORT and HOST change that) with the backend chosen by the environment.
import { existsSync } from 'node:fs'
import { OUTPUT_DIR, buildIfNeeded } from './build-if-needed.mjs'
import { runServer } from './lib/server-process.mjs'

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env')
buildIfNeeded()

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '3000',
  HOST: process.env.HOST ?? '127.0.0.1',
  // Readable lines for a person at a terminal; JSON (the server's default) for anything that collects logs.
  LOG_FORMAT: process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json'),
}
runServer({ outputDir: OUTPUT_DIR, env })
