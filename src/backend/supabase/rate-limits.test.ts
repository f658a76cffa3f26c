import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Backend } from '../backend'
import type { FakeFetch } from './fake-fetch'
import { createTestBackend, SERVICE_ROLE_KEY } from './test-backend'

const LIMIT = { max: 5, windowSeconds: 600 }

let backend: Backend
let fake: FakeFetch

beforeEach(async () => {
  ;({ backend, fake } = await createTestBackend())
})

afterEach(async () => {
  expect(fake.unhandled).toEqual([])
  await backend.close()
})

describe('rateLimits', () => {
  it('hits through the rate_limit_hit RPC with the service role, as named arguments', async () => {
    fake.on('POST', '/rest/v1/rpc/rate_limit_hit', { body: 0 }).on('POST', '/rest/v1/rpc/rate_limit_hit', { body: 37 })

    expect(await backend.rateLimits.hit('contactPerIp:203.0.113.9', LIMIT)).toBe(0)
    expect(await backend.rateLimits.hit('contactPerIp:203.0.113.9', LIMIT)).toBe(37)

    const [request] = fake.to('POST', '/rest/v1/rpc/rate_limit_hit')
    expect(request!.json()).toEqual({ key: 'contactPerIp:203.0.113.9', max: 5, window_seconds: 600 })
    expect(request!.headers.get('apikey')).toBe(SERVICE_ROLE_KEY)
    expect(request!.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
  })

  it('checks through rate_limit_check and resets by deleting the key’s rows', async () => {
    fake.on('POST', '/rest/v1/rpc/rate_limit_check', { body: 12 }).on('DELETE', '/rest/v1/rate_limit_hits', { status: 204 })

    expect(await backend.rateLimits.check('verifyPerEmail:a@example.com', LIMIT)).toBe(12)
    await backend.rateLimits.reset('verifyPerEmail:a@example.com')

    expect(fake.to('POST', '/rest/v1/rpc/rate_limit_check')[0]!.json()).toEqual({
      key: 'verifyPerEmail:a@example.com',
      max: 5,
      window_seconds: 600,
    })
    const reset = fake.to('DELETE', '/rest/v1/rate_limit_hits')[0]!
    expect(reset.url.searchParams.get('key')).toBe('eq.verifyPerEmail:a@example.com')
    expect(reset.headers.get('authorization')).toBe(`Bearer ${SERVICE_ROLE_KEY}`)
  })

  it('turns a PostgREST error into a data error, and refuses bad input before any request', async () => {
    fake.on('POST', '/rest/v1/rpc/rate_limit_hit', {
      status: 404,
      body: { code: 'PGRST202', message: 'Could not find the function public.rate_limit_hit', details: null, hint: null },
    })
    await expect(backend.rateLimits.hit('k', LIMIT)).rejects.toThrow(/rate limit hit failed: Could not find the function/)

    await expect(backend.rateLimits.hit('', LIMIT)).rejects.toThrow(RangeError)
    await expect(backend.rateLimits.hit('k', { max: 0, windowSeconds: 60 })).rejects.toThrow(RangeError)
    await expect(backend.rateLimits.check('k', { max: 1, windowSeconds: 0.5 })).rejects.toThrow(RangeError)
    await expect(backend.rateLimits.reset('x'.repeat(513))).rejects.toThrow(RangeError)
    expect(fake.requests).toHaveLength(1)
  })
})
