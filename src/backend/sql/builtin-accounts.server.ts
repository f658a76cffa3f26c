/** Where a mode keeps its sign-in accounts, for the team page, `npm run users` and a privacy
 * erasure: the built-in sign-in's table (embedded, postgres) or Supabase Auth
 * (supabase/supabase-accounts.server.ts). */
import { addUser, listUsers } from './builtin-auth/users.server'
import type { Sql } from './client'

export interface Accounts {
  /** Accounts outside the database (Supabase Auth): a privacy erasure deletes them by its own call,
   * while the built-in ones go with the erasure's rows. */
  readonly external: boolean
  /** Creates the account if missing, in `tx` when the accounts are in the database; true when created now. */
  add(email: string, tx?: Sql): Promise<boolean>
  /** Deletes the account; true when there was one. */
  remove(email: string): Promise<boolean>
  /** Every account's address, lowercased. */
  list(): Promise<string[]>
}

/** The built-in sign-in's users (embedded and postgres modes). */
export function builtinAccounts(db: Sql): Accounts {
  return {
    external: false,
    add: async (email, tx = db) => (await addUser(tx, email, { admin: false })).created,
    remove: async (email) => {
      const { rowCount } = await db.query('delete from builtin_auth.users where email = $1', [email])
      return rowCount > 0
    },
    list: async () => (await listUsers(db)).filter((user) => user.hasAccount).map((user) => user.email),
  }
}
