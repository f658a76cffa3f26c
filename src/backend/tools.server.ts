/** What the command-line tools (scripts/users.ts, seed.ts, privacy.ts) need beyond the app's
 * Backend: managing accounts and bulk-inserting messages, in whichever mode the environment selects
 * (open-backend.server.ts): the admin list and messages in the database; accounts where the mode keeps them
 * (the built-in sign-in's table, or Supabase Auth). */
import { normalizeEmail } from '~/domain/accounts'
import { existsSync } from 'node:fs'
import { EnvError, type ServerEnv, serverEnv } from '~/lib/env.server'
import type { PrivacyService } from './backend'
import { DataDirLockedError } from './embedded/lock.server'
import { openBackend } from './open-backend.server'
import type { ContactMessageSeed } from './seed-messages'
import { builtinAccounts } from './sql/builtin-accounts.server'
import { addAdminEmail, isAdminEmail, listAdminEmails, removeAdminEmail } from './sql/admins.server'
import { type BulkInsertReport, bulkInsertMessages } from './sql/bulk-insert.server'
import { MigrationError, SchemaMissingError } from './sql/migrations.server'

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
  /** `owner`: on the list as an owner (an admin already there is promoted). */
  addUser(email: string, options: { admin: boolean; owner?: boolean }): Promise<{ created: boolean; isAdmin: boolean }>
  /** Deletes the account and the admin-list entry. */
  removeUser(email: string): Promise<{ removedUser: boolean; removedAdmin: boolean }>
  listUsers(): Promise<UserListing[]>
  /** Adds `make(0)` … `make(count - 1)` as given (status and times included), in bulk
   * (sql/bulk-insert.server.ts: the indexes rebuilt once when that is faster and allowed). */
  insertMessages(
    count: number,
    make: (i: number) => ContactMessageSeed,
    options?: { onProgress?: (done: number) => void; onRebuild?: (indexes: readonly string[]) => void },
  ): Promise<BulkInsertReport>
  /** One person's data (npm run privacy), as the staff page reaches it. */
  readonly privacy: PrivacyService
  close(): Promise<void>
}

export async function openBackendTools(env: ServerEnv): Promise<BackendTools> {
  const { backend, db, label } = await openBackend(env, 'tool')
  const accounts =
    env.backend.kind === 'supabase'
      ? (await import('./supabase/supabase-accounts.server')).supabaseAccounts(env.backend)
      : builtinAccounts(db)
  let inserted = false
  return {
    label,
    privacy: backend.privacy,
    async addUser(email, { admin, owner }) {
      const created = await accounts.add(email)
      if (admin || owner) await addAdminEmail(db, email)
      if (owner) await db.query(`update public.admin_emails set role = 'owner' where email = $1`, [normalizeEmail(email)])
      return { created, isAdmin: admin || (await isAdminEmail(db, email)) }
    },
    async removeUser(email) {
      const removedAdmin = await removeAdminEmail(db, email)
      const removedUser = await accounts.remove(email)
      return { removedUser, removedAdmin }
    },
    async listUsers(): Promise<UserListing[]> {
      const admins = new Set(await listAdminEmails(db))
      const users = new Set(await accounts.list())
      return [...new Set([...users, ...admins])]
        .sort()
        .map((email) => ({ email, hasAccount: users.has(email), isAdmin: admins.has(email) }))
    },
    async insertMessages(count, make, progress) {
      inserted = true
      return bulkInsertMessages(db, count, make, progress)
    },
    async close() {
      try {
        // Fresh statistics, so the inbox's first queries on the new rows plan well.
        if (inserted) await db.exec('analyze public.contact_messages')
      } finally {
        await backend.close()
      }
    },
  }
}

/** Runs a tool in the configured mode (the same environment as `npm start`, .env included) and turns
 * the failures a user can fix into one clear message and exit code 1. */
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
    if (error instanceof EnvError || error instanceof MigrationError || error instanceof SchemaMissingError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
}
