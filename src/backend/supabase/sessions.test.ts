import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthService, RequestContext } from '~/backend/backend'
import type { FakeFetch } from '../../../tests/support/supabase-fake-fetch'
import {
  createTestAuth,
  createTestJar,
  SESSION_COOKIE,
  sessionCookieValue,
  TEST_USER,
  testSession,
} from '../../../tests/support/supabase-harness'

const SESSION_ID = '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f'
const SIGNED_IN_AT = 1_796_000_000

/** An access token as Supabase Auth issues it: claims the app reads once the auth server accepted it. */
function accessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256' })}.${part({ sub: TEST_USER.id, session_id: SESSION_ID, amr: [{ method: 'otp', timestamp: SIGNED_IN_AT }] })}.sig`
}

let auth: AuthService
let fake: FakeFetch
let ctx: RequestContext

beforeEach(() => {
  ;({ auth, fake } = createTestAuth())
  const session = { ...testSession(), access_token: accessToken() }
  ctx = {
    cookies: createTestJar({ [SESSION_COOKIE]: sessionCookieValue(session) }),
    clientAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  }
  fake.on('GET', '/auth/v1/user', { body: TEST_USER })
})

afterEach(() => {
  expect(fake.unhandled).toEqual([])
})

describe('Supabase sessions', () => {
  it('lists the asking session only (Auth has no per-session list), with its id and sign-in time', async () => {
    expect(auth.sessions.listsAll).toBe(false)
    expect(await auth.sessions.list(ctx)).toEqual([
      {
        id: SESSION_ID,
        userAgent: ctx.userAgent,
        place: '203.0.113.0/24',
        createdAt: new Date(SIGNED_IN_AT * 1000).toISOString(),
        lastActiveAt: expect.any(String),
        current: true,
      },
    ])
    expect(await auth.sessions.list({ cookies: createTestJar({}) })).toBeNull()
  })

  it("ends the others through Auth's sign-out with scope 'others', keeping this one", async () => {
    fake.on('POST', '/auth/v1/logout', { status: 204 })
    expect(await auth.sessions.endOthers(ctx)).toBeNull()
    const logout = fake.to('POST', '/auth/v1/logout')
    expect(logout.map((r) => r.url.searchParams.get('scope'))).toEqual(['others'])
    expect(logout[0]!.headers.get('authorization')).toBe(`Bearer ${accessToken()}`)
  })

  it('ends this session as a sign-out; an id it does not hold ends nothing', async () => {
    fake.on('GET', '/auth/v1/user', { body: TEST_USER }).on('POST', '/auth/v1/logout', { status: 204 })
    expect(await auth.sessions.end(ctx, '00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(fake.to('POST', '/auth/v1/logout')).toEqual([])
    expect(await auth.sessions.end(ctx, SESSION_ID)).toBe('current')
    expect(fake.to('POST', '/auth/v1/logout').map((r) => r.url.searchParams.get('scope'))).toEqual(['local'])
  })
})
