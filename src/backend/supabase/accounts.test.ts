/** `npm run users` in the supabase mode: accounts through Supabase Auth's admin API with the service
 * role (recorded HTTP). The admin list and messages go through the SQL core, tested on every driver
 * elsewhere. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Accounts } from '~/backend/sql/builtin-accounts.server'
import { supabaseAccounts } from '~/backend/supabase/supabase-accounts.server'
import { createFakeFetch, type FakeFetch } from '../../../tests/support/supabase-fake-fetch'
import { SERVICE_ROLE_KEY, SUPABASE_URL } from '../../../tests/support/supabase-harness'

const USERS = '/auth/v1/admin/users'
const STAFF_ID = '6f1c2a9e-3b7d-4c1e-9a0f-1b2c3d4e5f61'
const user = (id: string, email: string) => ({
  id,
  aud: 'authenticated',
  role: 'authenticated',
  email,
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-11-01T10:00:00Z',
})

let fake: FakeFetch
let accounts: Accounts

beforeEach(() => {
  fake = createFakeFetch()
  accounts = supabaseAccounts({ url: SUPABASE_URL, anonKey: 'anon', serviceRoleKey: SERVICE_ROLE_KEY, fetch: fake.fetch })
})

afterEach(() => {
  expect(fake.unhandled).toEqual([])
  // Every call is the service role's: the admin API accepts nothing else.
  for (const request of fake.requests) expect(request.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
})

describe('supabase accounts (npm run users)', () => {
  it('creates a confirmed user, so that GoTrue sends them codes while sign-ups are off', async () => {
    fake.on('POST', USERS, { body: user('u1', 'new@example.com') })

    expect(await accounts.add('new@example.com')).toBe(true)

    expect(fake.to('POST', USERS)[0]!.json()).toEqual({ email: 'new@example.com', email_confirm: true })
  })

  it('reports an existing user as not created, without failing', async () => {
    fake.on('POST', USERS, {
      status: 422,
      body: { code: 'email_exists', msg: 'A user with this email address has already been registered' },
      headers: { 'x-supabase-api-version': '2024-01-01' },
    })

    expect(await accounts.add('old@example.com')).toBe(false)
  })

  it('fails with Supabase’s words on any other refusal', async () => {
    fake.on('POST', USERS, {
      status: 403,
      body: { code: 'not_admin', msg: 'User not allowed' },
      headers: { 'x-supabase-api-version': '2024-01-01' },
    })

    await expect(accounts.add('new@example.com')).rejects.toThrow('Supabase Auth: create user failed: User not allowed')
  })

  it('lists every account’s address lowercased, page after page', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => user(`u${i}`, `Person${i}@Example.com`))
    fake
      .on('GET', USERS, { body: { users: many, aud: 'authenticated' } })
      .on('GET', USERS, { body: { users: [user('last', 'staff@example.com'), { ...user('phone', ''), email: undefined }] } })

    const listed = await accounts.list()

    expect(listed).toHaveLength(1001)
    expect(listed.slice(0, 2)).toEqual(['person0@example.com', 'person1@example.com'])
    expect(listed.at(-1)).toBe('staff@example.com')
    expect(fake.to('GET', USERS).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2'])
  })

  it('removes the account found by its address', async () => {
    fake
      .on('GET', USERS, { body: { users: [user(STAFF_ID, 'staff@example.com')], aud: 'authenticated' } })
      // auth-js reads the user before deleting it (to return it), then deletes.
      .on('GET', `${USERS}/${STAFF_ID}`, { body: user(STAFF_ID, 'staff@example.com') })
      .on('DELETE', `${USERS}/${STAFF_ID}`, { body: {} })

    expect(await accounts.remove('staff@example.com')).toBe(true)
    expect(fake.to('DELETE', `${USERS}/${STAFF_ID}`)).toHaveLength(1)
  })

  it('removes nothing for an address without an account', async () => {
    fake.on('GET', USERS, { body: { users: [user(STAFF_ID, 'staff@example.com')], aud: 'authenticated' } })

    expect(await accounts.remove('ghost@example.com')).toBe(false)
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([])
  })
})
