/**
 * What the command-line tools (scripts/users.ts, scripts/seed.ts) need beyond the app's Backend:
 * managing accounts and bulk-inserting messages, in whichever mode the environment selects.
 * Like index.server.ts, it loads only the mode in use.
 */
import { existsSync } from 'node:fs'
import { EnvError, type ServerEnv, serverEnv } from '~/lib/env.server'
import type { PrivacyService } from './backend'
import { DataDirLockedError } from './embedded/lock.server'
import type { ContactMessageSeed } from './seed-messages'
import type { BulkInsertReport } from './sql/bulk-insert.server'
import { MigrationError } from './sql/migrations.server'

export interface UserListing {
  email: string
  /** An auth account exists (without one, the address cannot sign in). */
  hasAccount: boolean
  isAdmin: boolean
}

export interface BackendTools {
  /** Which mode and database, for the first line a tool prints. */
  readonly label: string
  /** Creates the account if missing; with `admin`, also puts the address on the admin list. */
  addUser(email: string, options: { admin: boolean }): Promise<{ created: boolean; isAdmin: boolean }>
  /** Deletes the account and the admin-list entry. */
  removeUser(email: string): Promise<{ removedUser: boolean; removedAdmin: boolean }>
  listUsers(): Promise<UserListing[]>
  /**
   * Adds `make(0)` … `make(count - 1)` as given (status and times included), in bulk
   * (sql/bulk-insert.server.ts: the indexes rebuilt once when that is faster and allowed).
   */
  insertMessages(
    count: number,
    make: (i: number) => ContactMessageSeed,
    options?: { onProgress?: (done: number) => void; onRebuild?: (indexes: readonly string[]) => void },
  ): Promise<BulkInsertReport>
  /** One person's data (npm run privacy), as the staff page reaches it. */
  readonly privacy: PrivacyService
  close(): Promise<void>
}

/** The database's host and name, never its password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

export async function openBackendTools(env: ServerEnv): Promise<BackendTools> {
  const { createSqlTools, builtinAccounts } = await import('./sql/tools.server')
  const mode = env.backend
  if (mode.kind === 'supabase') {
    const [{ openSupabase }, { supabaseAccounts }] = await Promise.all([
      import('./supabase/index.server'),
      import('./supabase/tools.server'),
    ])
    const { backend, db } = await openSupabase({ ...mode, secureCookies: false })
    return createSqlTools({
      db,
      label: `supabase (${new URL(mode.url).host}, database ${describeUrl(mode.databaseUrl)})`,
      accounts: supabaseAccounts(mode),
      privacy: backend.privacy,
      close: () => backend.close(),
    })
  }
  if (mode.kind === 'postgres') {
    const { openPostgres } = await import('./postgres/index.server')
    const { backend, db } = await openPostgres({
      url: mode.databaseUrl,
      listenUrl: mode.listenUrl,
      dataDir: env.dataDir,
      secureCookies: false,
      logEmails: false,
      seedAdminEmails: env.seedAdminEmails,
    })
    return createSqlTools({
      db,
      label: `postgres (${describeUrl(mode.databaseUrl)})`,
      accounts: builtinAccounts(db),
      privacy: backend.privacy,
      close: () => backend.close(),
    })
  }
  const { openEmbedded } = await import('./embedded/index.server')
  const { backend, db } = await openEmbedded({ dataDir: env.dataDir, secureCookies: false, logEmails: false })
  return createSqlTools({
    db,
    label: `embedded (DATA_DIR=${env.dataDir})`,
    accounts: builtinAccounts(db),
    privacy: backend.privacy,
    close: () => backend.close(),
  })
}

/**
 * Runs a tool in the configured mode (the same environment as `npm start`, .env included)
 * and turns the failures a user can fix into one clear message and exit code 1.
 */
export async function withBackendTools(
  tool: string,
  run: (tools: BackendTools) => Promise<void>,
  /** `stderr`: the tool's stdout is a document (a JSON export), so the label goes to stderr. */
  options: { label?: 'stdout' | 'stderr' } = {},
): Promise<number> {
  // Existing variables win over .env, as with `npm start`.
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    const tools = await openBackendTools(serverEnv())
    const label = `[${tool}] backend: ${tools.label}`
    if (options.label === 'stderr') console.error(label)
    else console.info(label)
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
    if (error instanceof EnvError || error instanceof MigrationError || (error as Error).name === 'SchemaMissingError') {
      console.error((error as Error).message)
      return 1
    }
    throw error
  }
}
