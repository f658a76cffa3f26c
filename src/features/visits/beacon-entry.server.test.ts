import { describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { createBeaconAnswer, isVisitBeacon } from './beacon-entry.server'
import type { BeaconDeps } from './visit-beacon.server'

const ORIGIN = 'https://www.pusuladijital.com.tr'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

function setup() {
  const info: Record<string, unknown>[] = []
  const debug: Record<string, unknown>[] = []
  const logger = {
    info: (line: Record<string, unknown>) => info.push(line),
    debug: (line: Record<string, unknown>) => debug.push(line),
  }
  const backend = vi.fn(async () => {
    throw new Error('not reached by these beacons')
  })
  const deps: BeaconDeps = {
    backend,
    clientIp: () => '198.51.100.7',
    origin: () => ORIGIN,
    hitLimit: async () => 0,
    onError: vi.fn(),
  }
  const answer = createBeaconAnswer({ deps, env: () => ({ proxyHops: 0 }), logger: () => logger as never })
  return { answer, info, debug, backend }
}

const beacon = (headers: Record<string, string>, body = '{}') =>
  new Request(`${ORIGIN}/api/visit`, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } })

describe('the beacon answered before the router', () => {
  it('takes POST /api/visit only', () => {
    expect(isVisitBeacon(beacon({}))).toBe(true)
    expect(isVisitBeacon(new Request(`${ORIGIN}/api/visit?x=1`, { method: 'POST' }))).toBe(true)
    expect(isVisitBeacon(new Request(`${ORIGIN}/api/visit`))).toBe(false)
    expect(isVisitBeacon(new Request(`${ORIGIN}/api/visits`, { method: 'POST' }))).toBe(false)
    expect(isVisitBeacon(new Request(`${ORIGIN}/en/api/visit`, { method: 'POST' }))).toBe(false)
  })

  it('answers with the security headers and a request id; a beacon not counted is logged at debug', async () => {
    const { answer, info, debug, backend } = setup()
    const response = await answer(beacon({ 'sec-fetch-site': 'same-origin', dnt: '1' }))
    expect(response.status).toBe(204)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(backend).not.toHaveBeenCalled()
    expect(info).toEqual([])
    expect(debug).toMatchObject([{ path: '/api/visit', route: '/api/visit', status: 204 }])
  })

  it('logs a refusal at info: a cross-site beacon, a body over the limit', async () => {
    const { answer, info } = setup()
    expect((await answer(beacon({ 'sec-fetch-site': 'cross-site' }))).status).toBe(403)
    const big = 'x'.repeat(LIMITS.visits.beaconMaxBytes + 1)
    const tooBig = await answer(
      beacon({ 'sec-fetch-site': 'same-origin', 'user-agent': BROWSER, 'content-length': String(big.length) }, big),
    )
    expect(tooBig.status).toBe(413)
    expect(tooBig.headers.get('x-content-type-options')).toBe('nosniff')
    expect(info.map((line) => line.status)).toEqual([403, 413])
  })
})
