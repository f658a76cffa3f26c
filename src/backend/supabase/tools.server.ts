/**
 * The command-line tools' Supabase side, with the service role: accounts through the Auth admin
 * API (codes go only to existing users), the admin list in public.admin_emails, and messages
 * inserted through the Data API in batches.
 */
import type { BackendTools, UserListing } from '../tools.server'
import { createServiceClient, type Db } from './clients.server'
import { SupabaseDataError } from './errors.server'

const PAGE = 1000

function normalize(email: string): string {
  return email.trim().toLowerCase()
}

function check(operation: string, error: { message: string; code?: string } | null): void {
  if (error) throw new SupabaseDataError(operation, error)
}

async function allUsers(db: Db): Promise<{ id: string; email: string }[]> {
  const users: { id: string; email: string }[] = []
  for (let page = 1; ; page++) {
    const { data, error } = await db.auth.admin.listUsers({ page, perPage: PAGE })
    check('list users', error)
    users.push(...data.users.flatMap((u) => (u.email ? [{ id: u.id, email: normalize(u.email) }] : [])))
    if (data.users.length < PAGE) return users
  }
}

async function isAdmin(db: Db, email: string): Promise<boolean> {
  const { data, error } = await db.from('admin_emails').select('email').eq('email', email).maybeSingle()
  check('read admin list', error)
  return data !== null
}

export function createSupabaseTools(config: {
  url: string
  anonKey: string
  serviceRoleKey: string
  fetch?: typeof fetch
}): BackendTools {
  const db = createServiceClient({ ...config, secureCookies: false })
  return {
    label: `supabase (${new URL(config.url).host})`,
    // PostgREST takes a JSON array per request; 1,000 rows (~0.5 MB) keeps each one small.
    batchSize: 1_000,

    async addUser(rawEmail, { admin }) {
      const email = normalize(rawEmail)
      // email_confirm: the user never clicks a confirmation link; they sign in with a code.
      const { error } = await db.auth.admin.createUser({ email, email_confirm: true })
      if (error && error.code !== 'email_exists') check('create user', error)
      if (admin) {
        const upsert = await db.from('admin_emails').upsert({ email }, { onConflict: 'email', ignoreDuplicates: true })
        check('add to admin list', upsert.error)
      }
      return { created: !error, isAdmin: admin || (await isAdmin(db, email)) }
    },

    async removeUser(rawEmail) {
      const email = normalize(rawEmail)
      const removed = await db.from('admin_emails').delete().eq('email', email).select('email')
      check('remove from admin list', removed.error)
      const user = (await allUsers(db)).find((u) => u.email === email)
      if (user) check('delete user', (await db.auth.admin.deleteUser(user.id)).error)
      return { removedUser: Boolean(user), removedAdmin: (removed.data ?? []).length > 0 }
    },

    async listUsers(): Promise<UserListing[]> {
      const admins = await db.from('admin_emails').select('email')
      check('read admin list', admins.error)
      const adminSet = new Set((admins.data ?? []).map((row) => row.email))
      const accounts = new Set((await allUsers(db)).map((u) => u.email))
      return [...new Set([...accounts, ...adminSet])]
        .sort()
        .map((email) => ({ email, hasAccount: accounts.has(email), isAdmin: adminSet.has(email) }))
    },

    async insertMessages(seeds) {
      const rows = seeds.map((s) => ({
        name: s.name,
        email: s.email,
        message: s.message,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        read_at: s.readAt?.toISOString() ?? null,
        ip_address: s.ipAddress,
      }))
      // return=minimal: nothing comes back but the status.
      const { error } = await db.from('contact_messages').insert(rows)
      check('insert messages', error)
    },

    close: async () => {},
  }
}
