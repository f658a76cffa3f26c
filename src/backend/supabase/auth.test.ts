import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthService } from '~/backend/backend'
import type { FakeFetch } from '../../../tests/support/supabase-fake-fetch'
import {
  ANON_KEY,
  createTestAuth,
  createTestJar,
  decodeSessionCookie,
  SERVICE_ROLE_KEY,
  SESSION_COOKIE,
  sessionCookieValue,
  TEST_USER,
  testSession,
} from '../../../tests/support/supabase-harness'
import { log } from '~/lib/log.server'

const SEVEN_DAYS = 7 * 24 * 60 * 60

let auth: AuthService
let fake: FakeFetch
let adminChecks: string[]

beforeEach(() => {
  ;({ auth, fake, adminChecks } = createTestAuth())
})

afterEach(async () => {
  expect(fake.unhandled).toEqual([])
  // The visitor's auth calls never carry the service role.
  for (const request of fake.requests.filter((r) => r.url.pathname.startsWith('/auth/'))) {
    expect(request.headers.get('apikey')).toBe(ANON_KEY)
    expect(request.headers.get('authorization') ?? '').not.toContain(SERVICE_ROLE_KEY)
  }
})

describe('sendCode', () => {
  it('asks for an e-mail code for an existing user only', async () => {
    fake.on('POST', '/auth/v1/otp', { body: {} })

    await expect(auth.sendCode(' Admin@Example.com ')).resolves.toEqual({ ok: true })

    const request = fake.to('POST', '/auth/v1/otp')[0]!
    // No PKCE challenge: the code is verified, never exchanged, so no verifier needs storing.
    expect(request.json()).toMatchObject({ email: 'admin@example.com', create_user: false, code_challenge: null })
  })

  it.each([
    [
      { status: 422, body: { code: 422, error_code: 'otp_disabled', msg: 'Signups not allowed for otp' } },
      'user_not_found',
      'Signups not allowed for otp',
    ],
    [
      {
        status: 422,
        body: { code: 'otp_disabled', msg: 'Signups not allowed for otp' },
        headers: { 'x-supabase-api-version': '2024-01-01' },
      },
      'user_not_found',
      'Signups not allowed for otp',
    ],
    [
      { status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' } },
      'rate_limited',
      'Email rate limit exceeded',
    ],
    [
      { status: 429, body: { code: 429, msg: 'For security purposes, you can only request this after 42 seconds.' } },
      'rate_limited',
      'For security purposes, you can only request this after 42 seconds.',
    ],
    [{ status: 503, body: { msg: 'Service Unavailable' } }, 'unavailable', 'Service Unavailable'],
  ] as const)('maps %j to %s, keeping Supabase’s message', async (reply, code, message) => {
    fake.on('POST', '/auth/v1/otp', reply)

    await expect(auth.sendCode('nobody@example.com')).resolves.toEqual({ ok: false, code, message })
  })

  it('reports a network failure as unavailable', async () => {
    fake.on('POST', '/auth/v1/otp', new TypeError('fetch failed'))

    await expect(auth.sendCode('admin@example.com')).resolves.toMatchObject({ ok: false, code: 'unavailable' })
  })
})

describe('verifyCode', () => {
  it('checks the code and writes the session to HttpOnly, SameSite=Lax, Secure cookies', async () => {
    const session = testSession()
    fake.on('POST', '/auth/v1/verify', { body: session })
    const jar = createTestJar()

    const result = await auth.verifyCode({ cookies: jar }, 'Admin@example.com', ' 123 456 ')

    expect(result).toEqual({ ok: true, user: { id: TEST_USER.id, email: 'admin@example.com' } })
    expect(fake.to('POST', '/auth/v1/verify')[0]!.json()).toMatchObject({
      email: 'admin@example.com',
      token: '123456',
      type: 'email',
    })
    const cookie = jar.last(SESSION_COOKIE)!
    expect(cookie.options).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: SEVEN_DAYS })
    expect(decodeSessionCookie(cookie.value)).toMatchObject({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    })
  })

  it('marks the cookies not Secure only when told to (plain-http local runs)', async () => {
    const local = createTestAuth({ secureCookies: false })
    local.fake.on('POST', '/auth/v1/verify', { body: testSession() })
    const jar = createTestJar()

    await local.auth.verifyCode({ cookies: jar }, 'admin@example.com', '123456')

    expect(jar.last(SESSION_COOKIE)!.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false })
  })

  it.each([
    [{ status: 403, body: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' } }, 'invalid_code'],
    [
      { status: 429, body: { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' } },
      'rate_limited',
    ],
    [{ status: 502, body: { msg: 'Bad Gateway' } }, 'unavailable'],
  ] as const)('maps %j to %s and writes no cookie', async (reply, code) => {
    fake.on('POST', '/auth/v1/verify', reply)
    const jar = createTestJar()

    const result = await auth.verifyCode({ cookies: jar }, 'admin@example.com', '000000')

    expect(result).toEqual({ ok: false, code, message: reply.body.msg })
    expect(jar.written).toEqual([])
  })
})

describe('getUser', () => {
  it('is null without a session cookie, without asking Supabase', async () => {
    await expect(auth.getUser({ cookies: createTestJar({ other: 'x' }) })).resolves.toBeNull()
    expect(fake.requests).toEqual([])
  })

  it('validates the session with the auth server', async () => {
    const session = testSession()
    fake.on('GET', '/auth/v1/user', { body: TEST_USER })
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(session) })

    await expect(auth.getUser({ cookies: jar })).resolves.toEqual({ id: TEST_USER.id, email: 'admin@example.com' })
    expect(fake.to('GET', '/auth/v1/user')[0]!.headers.get('authorization')).toBe(`Bearer ${session.access_token}`)
    expect(jar.written).toEqual([])
  })

  it('refreshes an expired session and writes the new tokens to the cookies', async () => {
    const renewed = testSession(3600, '2')
    fake.on('POST', '/auth/v1/token', { body: renewed }).on('GET', '/auth/v1/user', { body: TEST_USER })
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(testSession(-60)) })

    await expect(auth.getUser({ cookies: jar })).resolves.toMatchObject({ email: 'admin@example.com' })

    const refresh = fake.to('POST', '/auth/v1/token')[0]!
    expect(refresh.url.searchParams.get('grant_type')).toBe('refresh_token')
    expect(refresh.json()).toEqual({ refresh_token: 'refresh-token-1' })
    expect(fake.to('GET', '/auth/v1/user')[0]!.headers.get('authorization')).toBe('Bearer access-token-2')
    const cookie = jar.last(SESSION_COOKIE)!
    expect(decodeSessionCookie(cookie.value)).toMatchObject({ refresh_token: 'refresh-token-2' })
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' })
  })

  it('is null, and clears the cookies, when the refresh token has been revoked', async () => {
    fake.on('POST', '/auth/v1/token', {
      status: 400,
      body: { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' },
    })
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(testSession(-60)) })
    // auth-js warns about the dead refresh token itself; nothing else should be logged.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

    await expect(auth.getUser({ cookies: jar })).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ code: 'refresh_token_not_found' }))
    warn.mockRestore()
    expect(fake.to('GET', '/auth/v1/user')).toEqual([])
    expect(jar.last(SESSION_COOKIE)).toMatchObject({ value: '', options: { maxAge: 0, httpOnly: true } })
  })

  it('is null for a cookie that is not a session, without asking Supabase', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const jar = createTestJar({ [SESSION_COOKIE]: 'forged-value', [`${SESSION_COOKIE}.0`]: 'base64-e30' })

    await expect(auth.getUser({ cookies: jar })).resolves.toBeNull()
    expect(fake.requests).toEqual([])
    warn.mockRestore()
  })

  it('is null when the auth server rejects the session', async () => {
    fake.on('GET', '/auth/v1/user', { status: 403, body: { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' } })
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(testSession()) })

    await expect(auth.getUser({ cookies: jar })).resolves.toBeNull()
  })

  it('throws, keeping the cookies, when the auth server cannot be reached', async () => {
    fake.on('GET', '/auth/v1/user', new TypeError('fetch failed'))
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(testSession()) })

    await expect(auth.getUser({ cookies: jar })).rejects.toThrow(/fetch failed/)
    expect(jar.written).toEqual([])
  })
})

describe('signOut', () => {
  it('revokes this session and expires every session cookie, chunks included', async () => {
    fake.on('POST', '/auth/v1/logout', { status: 204 })
    const value = sessionCookieValue(testSession())
    const jar = createTestJar({
      [`${SESSION_COOKIE}.0`]: value.slice(0, 40),
      [`${SESSION_COOKIE}.1`]: value.slice(40),
      [`${SESSION_COOKIE}-code-verifier`]: 'stale',
      unrelated: 'kept',
    })

    await auth.signOut({ cookies: jar })

    const logout = fake.to('POST', '/auth/v1/logout')[0]!
    expect(logout.url.searchParams.get('scope')).toBe('local')
    expect(logout.headers.get('authorization')).toBe('Bearer access-token-1')
    const cleared = new Map(jar.written.map((c) => [c.name, c]))
    expect([...cleared.keys()].sort()).toEqual([`${SESSION_COOKIE}-code-verifier`, `${SESSION_COOKIE}.0`, `${SESSION_COOKIE}.1`])
    for (const cookie of cleared.values()) {
      expect(cookie).toMatchObject({
        value: '',
        options: { maxAge: 0, httpOnly: true, sameSite: 'lax', secure: true, path: '/' },
      })
    }
  })

  it('clears the cookies even when Supabase cannot be reached', async () => {
    const warn = vi.spyOn(log(), 'warn').mockImplementation(() => {})
    fake.on('POST', '/auth/v1/logout', new TypeError('fetch failed'))
    const jar = createTestJar({ [SESSION_COOKIE]: sessionCookieValue(testSession()) })

    await auth.signOut({ cookies: jar })

    expect(jar.last(SESSION_COOKIE)).toMatchObject({ value: '', options: { maxAge: 0 } })
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('clears a cookie Supabase cannot read', async () => {
    const jar = createTestJar({ [SESSION_COOKIE]: 'base64-not-json' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

    await auth.signOut({ cookies: jar })

    expect(jar.last(SESSION_COOKIE)).toMatchObject({ value: '', options: { maxAge: 0 } })
    warn.mockRestore()
  })
})

describe('isAdmin', () => {
  it('is the admin check it was given (the database’s admin list), asking Supabase nothing', async () => {
    await expect(auth.isAdmin('admin@example.com')).resolves.toBe(true)
    await expect(auth.isAdmin('someone@example.com')).resolves.toBe(false)
    expect(adminChecks).toEqual(['admin@example.com', 'someone@example.com'])
    expect(fake.requests).toEqual([])
  })
})
