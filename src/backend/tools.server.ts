/**
 * What the command-line tools (scripts/users.ts, scripts/seed.ts) need beyond the app's Backend:
 * managing accounts and bulk-inserting messages, on whichever backend the environment selects.
 * Like index.server.ts, it loads only the adapter in use.
 */
import { existsSync } from 'node:fs'
import { EnvError, type ServerEnv, serverEnv } from '~/lib/env.server'
import type { ContactMessageSeed } from './embedded/factories'
import { DataDirLockedError } from './embedded/lock.server'

export interface UserListing {
  email: string
  /** An auth account exists (without one, the address cannot sign in). */
  hasAccount: boolean
  isAdmin: boolean
}

export interface BackendTools {
  /** Which backend, for the first line a tool prints. */
  readonly label: string
  /** Creates the account if missing; with `admin`, also puts the address on the admin list. */
  addUser(email: string, options: { admin: boolean }): Promise<{ created: boolean; isAdmin: boolean }>
  /** Deletes the account and the admin-list entry. */
  removeUser(email: string): Promise<{ removedUser: boolean; removedAdmin: boolean }>
  listUsers(): Promise<UserListing[]>
  /** Adds messages as given (status and times included), in as few statements as it can. */
  insertMessages(seeds: readonly ContactMessageSeed[]): Promise<void>
  /** How many messages one insertMessages call should get. */
  readonly batchSize: number
  close(): Promise<void>
}

export async function openBackendTools(backend: ServerEnv['backend']): Promise<BackendTools> {
  if (backend.kind === 'supabase') {
    const { createSupabaseTools } = await import('./supabase/tools.server')
    return createSupabaseTools(backend)
  }
  const { openEmbeddedTools } = await import('./embedded/tools.server')
  return openEmbeddedTools(backend.dataDir)
}

/**
 * Runs a tool on the configured backend (the same environment as `npm start`, .env included)
 * and turns the failures a user can fix into one clear message and exit code 1.
 */
export async function withBackendTools(tool: string, run: (tools: BackendTools) => Promise<void>): Promise<number> {
  // Existing variables win over .env, as with `npm start`.
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    const tools = await openBackendTools(serverEnv().backend)
    console.info(`[${tool}] backend: ${tools.label}`)
    try {
      await run(tools)
    } finally {
      await tools.close()
    }
    return 0
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nStop the server, run this command, then start the server again.`)
      return 1
    }
    if (error instanceof EnvError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
}
