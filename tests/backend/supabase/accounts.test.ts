import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeContactMessage } from '../embedded/factories'
import type { BackendTools } from '../tools.server'
import { createFakeFetch, type FakeFetch } from './fake-fetch'
import { SERVICE_ROLE_KEY, SUPABASE_URL } from './test-backend'
import { createSupabaseTools } from './tools.server'

const USERS = '/auth/v1/admin/users'
const ADMINS = '/rest/v1/admin_emails'
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
let tools: BackendTools

beforeEach(() => {
  fake = createFakeFetch()
  tools = createSupabaseTools({ url: SUPABASE_URL, anonKey: 'anon', serviceRoleKey: SERVICE_ROLE_KEY, fetch: fake.fetch })
})

afterEach(() => {
  expect(fake.unhandled).toEqual([])
})

describe('supabase tools (npm run users / seed)', () => {
  it('adds a confirmed user through the Auth admin API and, with --admin, the admin-list row', async () => {
    fake.on('POST', USERS, { body: user('u1', 'new@example.com') }).on('POST', ADMINS, { status: 201 })

    expect(await tools.addUser(' New@Example.com ', { admin: true })).toEqual({ created: true, isAdmin: true })

    const create = fake.to('POST', USERS)[0]!
    expect(create.json()).toMatchObject({ email: 'new@example.com', email_confirm: true })
    expect(create.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
    const upsert = fake.to('POST', ADMINS)[0]!
    expect(upsert.json()).toEqual({ email: 'new@example.com' })
    expect(upsert.url.searchParams.get('on_conflict')).toBe('email')
    expect(upsert.headers.get('prefer')).toContain('resolution=ignore-duplicates')
  })

  it('finds an existing user without making them an admin unless asked', async () => {
    fake
      .on('POST', USERS, {
        status: 422,
        body: { code: 'email_exists', msg: 'A user with this email address has already been registered' },
        headers: { 'x-supabase-api-version': '2024-01-01' },
      })
      .on('GET', ADMINS, { body: null, status: 200 })

    expect(await tools.addUser('old@example.com', { admin: false })).toEqual({ created: false, isAdmin: false })
    expect(fake.to('POST', ADMINS)).toEqual([])
    expect(fake.to('GET', ADMINS)[0]!.url.searchParams.get('email')).toBe('eq.old@example.com')
  })

  it('lists accounts and admin-list entries together', async () => {
    fake.on('GET', ADMINS, { body: [{ email: 'admin@example.com' }, { email: 'ghost@example.com' }] }).on('GET', USERS, {
      body: { users: [user('u1', 'Admin@Example.com'), user('u2', 'staff@example.com')], aud: 'authenticated' },
    })

    expect(await tools.listUsers()).toEqual([
      { email: 'admin@example.com', hasAccount: true, isAdmin: true },
      { email: 'ghost@example.com', hasAccount: false, isAdmin: true },
      { email: 'staff@example.com', hasAccount: true, isAdmin: false },
    ])
  })

  it('removes the admin-list row and the account', async () => {
    fake
      .on('DELETE', ADMINS, { body: [{ email: 'staff@example.com' }] })
      .on('GET', USERS, { body: { users: [user(STAFF_ID, 'staff@example.com')], aud: 'authenticated' } })
      // auth-js reads the user before deleting it (to return it), then deletes.
      .on('GET', `${USERS}/${STAFF_ID}`, { body: user(STAFF_ID, 'staff@example.com') })
      .on('DELETE', `${USERS}/${STAFF_ID}`, { body: {} })

    expect(await tools.removeUser('staff@example.com')).toEqual({ removedUser: true, removedAdmin: true })
    expect(fake.to('DELETE', ADMINS)[0]!.url.searchParams.get('email')).toBe('eq.staff@example.com')
    expect(fake.to('DELETE', `${USERS}/${STAFF_ID}`)).toHaveLength(1)
  })

  it('inserts a batch of messages as given, with the service role, in one request', async () => {
    fake.on('POST', '/rest/v1/contact_messages', { status: 201 })
    const seeds = [makeContactMessage({ status: 'read', createdAt: new Date('2026-05-01T10:00:00Z') }), makeContactMessage()]

    await tools.insertMessages(seeds)

    const [request] = fake.to('POST', '/rest/v1/contact_messages')
    expect(request!.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
    expect(request!.json()).toEqual([
      expect.objectContaining({ status: 'read', created_at: '2026-05-01T10:00:00.000Z', read_at: '2026-05-01T11:00:00.000Z' }),
      expect.objectContaining({ status: 'new', read_at: null }),
    ])
    expect(tools.batchSize).toBeLessThanOrEqual(1000)
  })
})
