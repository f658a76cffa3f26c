/** Decision 074: with a secret key, the visitor's Auth calls that GoTrue limits per address carry
 * the key and the visitor's address in Sb-Forwarded-For; with a legacy key, neither. */
import { describe, expect, it } from 'vitest'
import { createAuthService } from '~/backend/supabase/supabase-auth-service.server'
import { createFakeFetch } from '../../../tests/support/supabase-fake-fetch'
import { ANON_KEY, createTestJar, SUPABASE_URL, testSession } from '../../../tests/support/supabase-harness'

const SECRET_KEY = 'sb_secret_0123456789abcdefghijkl'
const VISITOR = '203.0.113.9'

function authWith(serviceRoleKey: string) {
  const fake = createFakeFetch()
  const auth = createAuthService(
    { url: SUPABASE_URL, anonKey: ANON_KEY, serviceRoleKey, secureCookies: true, fetch: fake.fetch },
    async () => true,
  )
  return { auth, fake }
}

describe('the visitor address GoTrue limits on', () => {
  it('goes to /otp and /verify with a secret key, as Sb-Forwarded-For', async () => {
    const { auth, fake } = authWith(SECRET_KEY)
    fake.on('POST', '/auth/v1/otp', { body: {} })
    fake.on('POST', '/auth/v1/verify', { body: testSession() })

    expect(await auth.sendCode('admin@example.com', { clientAddress: VISITOR })).toEqual({ ok: true })
    const verified = await auth.verifyCode({ cookies: createTestJar(), clientAddress: VISITOR }, 'admin@example.com', '123456')
    expect(verified.ok).toBe(true)

    for (const request of [fake.to('POST', '/auth/v1/otp')[0]!, fake.to('POST', '/auth/v1/verify')[0]!]) {
      expect(request.headers.get('sb-forwarded-for')).toBe(VISITOR)
      expect(request.headers.get('apikey')).toBe(SECRET_KEY)
    }
    expect(fake.unhandled).toEqual([])
  })

  it('is not sent with a legacy key (GoTrue would ignore it), nor without an address', async () => {
    const legacy = authWith('eyJhbGciOiJIUzI1NiJ9.legacy-service-role')
    legacy.fake.on('POST', '/auth/v1/otp', { body: {} })
    await legacy.auth.sendCode('admin@example.com', { clientAddress: VISITOR })
    const sent = legacy.fake.to('POST', '/auth/v1/otp')[0]!
    expect(sent.headers.get('sb-forwarded-for')).toBeNull()
    expect(sent.headers.get('apikey')).toBe(ANON_KEY)

    const secret = authWith(SECRET_KEY)
    secret.fake.on('POST', '/auth/v1/otp', { body: {} })
    await secret.auth.sendCode('admin@example.com')
    const anonymous = secret.fake.to('POST', '/auth/v1/otp')[0]!
    expect(anonymous.headers.get('sb-forwarded-for')).toBeNull()
    expect(anonymous.headers.get('apikey')).toBe(ANON_KEY)
  })
})
