/** The supabase mode's accounts: Supabase Auth's admin API with the service role key (codes go only
 * to existing users, so `users add` and the team page create one, confirmed). The admin list and
 * messages go through the SQL core like in every mode. */
import type { Accounts } from '../sql/builtin-accounts.server'
import { createServiceClient, type Db } from './clients.server'
import type { SupabaseBackendOptions } from './options.server'

const PAGE = 1000

export class SupabaseAuthAdminError extends Error {
  override name = 'SupabaseAuthAdminError'
  constructor(operation: string, error: { message: string }) {
    super(`Supabase Auth: ${operation} failed: ${error.message}`, { cause: error })
  }
}

function check(operation: string, error: { message: string } | null): void {
  if (error) throw new SupabaseAuthAdminError(operation, error)
}

async function allUsers(db: Db): Promise<{ id: string; email: string }[]> {
  const users: { id: string; email: string }[] = []
  for (let page = 1; ; page++) {
    const { data, error } = await db.auth.admin.listUsers({ page, perPage: PAGE })
    check('list users', error)
    users.push(...data.users.flatMap((u) => (u.email ? [{ id: u.id, email: u.email.toLowerCase() }] : [])))
    if (data.users.length < PAGE) return users
  }
}

export function supabaseAccounts(options: Omit<SupabaseBackendOptions, 'secureCookies'>): Accounts {
  const db = createServiceClient({ ...options, secureCookies: false })
  return {
    external: true,
    async add(email) {
      // email_confirm: the user never clicks a confirmation link; they sign in with a code, which
      // GoTrue sends only to a confirmed user while sign-ups are off.
      const { error } = await db.auth.admin.createUser({ email, email_confirm: true })
      if (error && error.code !== 'email_exists') check('create user', error)
      return !error
    },
    async remove(email) {
      const user = (await allUsers(db)).find((u) => u.email === email)
      if (user) check('delete user', (await db.auth.admin.deleteUser(user.id)).error)
      return Boolean(user)
    },
    list: async () => (await allUsers(db)).map((u) => u.email),
  }
}
