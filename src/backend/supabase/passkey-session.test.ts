import { describe, expect, it } from 'vitest'
import {
  ANON_KEY,
  createTestAuth,
  createTestJar,
  decodeSessionCookie,
  SERVICE_ROLE_KEY,
  SESSION_COOKIE,
  TEST_USER,
  testSession,
} from '../../../tests/support/supabase-harness'

/** A passkey proved who signs in: a real Supabase session, made server side from a one-time link
 * the admin API issues (no mail), its token hash verified like a code (decision 233). */
describe('startVerifiedSession', () => {
  it('asks the admin API for a link (service role) and verifies its hash as the visitor (anon key)', async () => {
    const { auth, fake } = createTestAuth()
    const session = testSession()
    fake.on('POST', '/auth/v1/admin/generate_link', {
      body: {
        ...TEST_USER,
        action_link: 'https://x.example/verify',
        email_otp: '123456',
        hashed_token: 'hash-1',
        verification_type: 'magiclink',
        redirect_to: '',
      },
    })
    fake.on('POST', '/auth/v1/verify', { body: session })
    const jar = createTestJar()

    const result = await auth.startVerifiedSession({ cookies: jar }, 'Admin@Example.com')

    expect(result).toEqual({ ok: true, user: { id: TEST_USER.id, email: 'admin@example.com' } })
    const link = fake.to('POST', '/auth/v1/admin/generate_link')[0]!
    expect(link.json()).toMatchObject({ type: 'magiclink', email: 'admin@example.com' })
    expect(link.headers.get('authorization')).toContain(SERVICE_ROLE_KEY)
    const verify = fake.to('POST', '/auth/v1/verify')[0]!
    expect(verify.json()).toMatchObject({ token_hash: 'hash-1', type: 'magiclink' })
    expect(verify.headers.get('apikey')).toBe(ANON_KEY)
    expect(verify.headers.get('authorization') ?? '').not.toContain(SERVICE_ROLE_KEY)
    const cookie = jar.last(SESSION_COOKIE)!
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true })
    expect(decodeSessionCookie(cookie.value)).toMatchObject({ access_token: session.access_token })
    expect(fake.unhandled).toEqual([])
  })

  it('starts no session when the admin API refuses, and says it is unavailable', async () => {
    const { auth, fake } = createTestAuth()
    fake.on('POST', '/auth/v1/admin/generate_link', { status: 502, body: { msg: 'Bad Gateway' } })
    const jar = createTestJar()

    const result = await auth.startVerifiedSession({ cookies: jar }, 'admin@example.com')

    expect(result).toMatchObject({ ok: false, code: 'unavailable' })
    expect(fake.to('POST', '/auth/v1/verify')).toEqual([])
    expect(jar.last(SESSION_COOKIE)).toBeUndefined()
  })
})
