/**
 * Manages who may use the admin area, on whichever backend the environment selects:
 *   npm run admin -- add <email>      create the user (if needed) and put them on the admin list
 *   npm run admin -- remove <email>   delete the user and their admin-list entry
 *   npm run admin -- list             every user and admin-list entry
 * Run through scripts/run-ts.mjs (the embedded backend's migrations are bundled by Vite).
 * On the embedded backend it needs the data folder to itself: stop the server first.
 */
import { existsSync } from 'node:fs'
import { createClient } from '@supabase/supabase-js'
import { addEmbeddedAdmin, listEmbeddedUsers, removeEmbeddedAdmin } from '~/backend/embedded/admin.server'
import { DataDirLockedError } from '~/backend/embedded/index.server'
import type { UserListing } from '~/backend/embedded/users.server'
import { EnvError, serverEnv } from '~/lib/env.server'
import { LIMITS } from '~/lib/limits'

const USAGE = 'Usage: npm run admin -- add <email> | remove <email> | list'

interface AdminTarget {
  add(email: string): Promise<string>
  remove(email: string): Promise<string>
  list(): Promise<UserListing[]>
}

function embedded(dataDir: string): AdminTarget {
  return {
    async add(email) {
      const created = await addEmbeddedAdmin(dataDir, email)
      return `${created ? 'Created' : 'Found'} user ${email}; on the admin list.`
    },
    async remove(email) {
      const { removedUser, removedAdmin } = await removeEmbeddedAdmin(dataDir, email)
      if (!removedUser && !removedAdmin) return `No user or admin entry for ${email}.`
      return `Removed ${[removedUser && 'user', removedAdmin && 'admin entry'].filter(Boolean).join(' and ')} for ${email}.`
    },
    list: () => listEmbeddedUsers(dataDir),
  }
}

function supabase(config: { url: string; serviceRoleKey: string }): AdminTarget {
  const db = createClient(config.url, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  async function allUsers(): Promise<{ id: string; email: string }[]> {
    const users: { id: string; email: string }[] = []
    for (let page = 1; ; page++) {
      const { data, error } = await db.auth.admin.listUsers({ page, perPage: 1000 })
      if (error) throw error
      users.push(...data.users.filter((u) => u.email).map((u) => ({ id: u.id, email: u.email!.toLowerCase() })))
      if (data.users.length < 1000) return users
    }
  }
  return {
    async add(email) {
      // email_confirm: the user never clicks a confirmation link; they sign in with a code.
      const { error } = await db.auth.admin.createUser({ email, email_confirm: true })
      if (error && error.code !== 'email_exists') throw error
      const insert = await db.from('admin_emails').upsert({ email }, { onConflict: 'email', ignoreDuplicates: true })
      if (insert.error) throw insert.error
      return `${error ? 'Found' : 'Created'} user ${email}; on the admin list.`
    },
    async remove(email) {
      const removed = await db.from('admin_emails').delete().eq('email', email).select('email')
      if (removed.error) throw removed.error
      const user = (await allUsers()).find((u) => u.email === email)
      if (user) {
        const { error } = await db.auth.admin.deleteUser(user.id)
        if (error) throw error
      }
      if (!user && removed.data.length === 0) return `No user or admin entry for ${email}.`
      return `Removed ${[user && 'user', removed.data.length > 0 && 'admin entry'].filter(Boolean).join(' and ')} for ${email}.`
    },
    async list() {
      const admins = await db.from('admin_emails').select('email')
      if (admins.error) throw admins.error
      const adminSet = new Set(admins.data.map((row: { email: string }) => row.email))
      const users = new Set((await allUsers()).map((u) => u.email))
      return [...new Set([...users, ...adminSet])].sort().map((email) => ({
        email,
        hasAccount: users.has(email),
        isAdmin: adminSet.has(email),
      }))
    },
  }
}

function parseEmail(value: string | undefined): string | null {
  const email = value?.trim().toLowerCase() ?? ''
  return email.length <= LIMITS.contact.emailMax && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null
}

function printList(users: UserListing[]): void {
  if (users.length === 0) return console.log('No users.')
  for (const user of users) {
    const notes = [user.isAdmin ? 'admin' : 'not admin', user.hasAccount ? null : 'no account: cannot sign in']
    console.log(`${user.email}  (${notes.filter(Boolean).join(', ')})`)
  }
}

export default async function admin(args: string[]): Promise<number> {
  const [command, value] = args
  const email = parseEmail(value)
  if (!((command === 'add' || command === 'remove') && email) && !(command === 'list' && args.length === 1)) {
    console.error(command === 'add' || command === 'remove' ? `Not a valid e-mail address: ${value ?? '(none)'}\n${USAGE}` : USAGE)
    return 2
  }
  // The same configuration as `npm start`, which reads .env too (existing variables win).
  if (existsSync('.env')) process.loadEnvFile('.env')
  try {
    const env = serverEnv()
    const target = env.backend.kind === 'supabase' ? supabase(env.backend) : embedded(env.backend.dataDir)
    console.info(`[admin] backend: ${env.backend.kind === 'supabase' ? new URL(env.backend.url).host : `embedded (DATA_DIR=${env.backend.dataDir})`}`)
    if (command === 'list') printList(await target.list())
    else console.log(await target[command as 'add' | 'remove'](email!))
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
