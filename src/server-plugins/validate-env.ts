import { definePlugin } from 'nitro'
import { EnvError, serverEnv } from '../lib/env.server'

/**
 * Validates the environment when the server starts, not at the first request: a
 * partial Supabase configuration stops the process with a message naming what is missing.
 */
export default definePlugin(() => {
  try {
    const env = serverEnv()
    const backend =
      env.backend.kind === 'supabase'
        ? `Supabase (${new URL(env.backend.url).host})`
        : `embedded (DATA_DIR=${env.backend.dataDir})`
    console.info(`[config] backend: ${backend}; secure cookies: ${env.secureCookies ? 'on' : 'off'}`)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`[config] ${error.message}`)
      process.exit(1)
    }
    throw error
  }
})
