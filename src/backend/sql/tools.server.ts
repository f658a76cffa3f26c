/**
 * The command-line tools on the SQL core, for every mode: the admin list and messages in the
 * database; accounts where the mode keeps them (the built-in sign-in's table, or Supabase Auth).
 */
import type { PrivacyService } from '../backend'
import type { BackendTools, UserListing } from '../tools.server'
import { addAdminEmail, isAdminEmail, listAdminEmails, removeAdminEmail } from './admins.server'
import { addUser, listUsers } from './builtin-auth/users.server'
import { bulkInsertMessages } from './bulk-insert.server'
import type { Sql } from './client'

/** Where the accounts of a mode live, for `npm run users`. */
export interface AccountStore {
  /** Creates the account if missing; true when it was created now. */
  add(email: string): Promise<boolean>
  /** Deletes the account; true when there was one. */
  remove(email: string): Promise<boolean>
  /** Every account's address, lowercased. */
  list(): Promise<string[]>
}

/** The built-in sign-in's accounts (embedded and postgres modes). */
export function builtinAccounts(db: Sql): AccountStore {
  return {
    add: async (email) => (await addUser(db, email, { admin: false })).created,
    remove: async (email) => {
      const { rowCount } = await db.query('delete from embedded_auth.users where email = $1', [email])
      return rowCount > 0
    },
    list: async () => (await listUsers(db)).filter((user) => user.hasAccount).map((user) => user.email),
  }
}

export function createSqlTools(options: {
  db: Sql
  label: string
  accounts: AccountStore
  privacy: PrivacyService
  close: () => Promise<void>
}): BackendTools {
  const { db, accounts } = options
  let inserted = false
  return {
    label: options.label,
    privacy: options.privacy,
    async addUser(email, { admin }) {
      const created = await accounts.add(email)
      if (admin) await addAdminEmail(db, email)
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
        await options.close()
      }
    },
  }
}
