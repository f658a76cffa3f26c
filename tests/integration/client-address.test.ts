/**
 * The client address behind a proxy (decision 080), over real HTTP against the production
 * build with TRUST_PROXY=true and a proxy in front that appends the connecting address to
 * X-Forwarded-For, as nginx does: whatever a sender writes into the header, the contact form's
 * per-address limit counts it by its real address, and two real addresses are counted apart.
 */
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { type AppServer, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { type ForwardingProxy, rawRequest, startForwardingProxy } from './forwarding-proxy'
import { findBuiltServerFns } from './server-functions'

let server: AppServer
let proxy: ForwardingProxy
let submitId = ''

beforeAll(async () => {
  const fn = findBuiltServerFns(INTEGRATION_OUTPUT_DIR).find(
    (f) => f.name === 'submitContactMessage' && f.file.endsWith('contact.functions.ts'),
  )
  if (!fn) throw new Error('submitContactMessage is not in the production build')
  submitId = fn.id
  server = await startAppServer({ env: { TRUST_PROXY: 'true' } })
  proxy = await startForwardingProxy(server.baseUrl)
}, 120_000)

afterAll(async () => {
  await proxy?.stop()
  await server?.stop()
})

/** A contact message sent through the proxy from `from` (a loopback address), with `forwardedFor` as the sender's own header. */
async function submitThroughProxy(from: string, forwardedFor: string | string[] | undefined, n: number) {
  const data = { name: 'Deniz Kaya', email: `deniz${n}@example.com`, message: `Spoofing test message number ${n}.` }
  const headers: Record<string, string | string[]> = {
    'x-tsr-serverfn': 'true',
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  }
  const url = `http://127.0.0.1:${proxy.port}/_serverFn/${submitId}`
  const body = JSON.stringify(await toJSONAsync({ data }))
  return rawRequest(url, { method: 'POST', headers, body, localAddress: from })
}

describe('client address behind one proxy (TRUST_PROXY=true)', () => {
  const { max } = LIMITS.rate.contactPerIp

  it(`counts a sender who forges X-Forwarded-For by its real address: ${max} accepted, then 429`, async () => {
    const forged = [
      '203.0.113.1',
      '203.0.113.2, 203.0.113.3',
      ['203.0.113.4', '203.0.113.5'],
      '  [2001:db8::9]:4000 ',
      'unknown',
      'x'.repeat(100),
      '127.0.0.3',
      '',
      '203.0.113.6,203.0.113.7',
    ]
    const statuses: number[] = []
    for (const [i, header] of forged.entries()) statuses.push((await submitThroughProxy('127.0.0.2', header, i)).status)
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(forged.length - max).fill(429)])
  })

  it('counts two real addresses behind the same proxy apart', async () => {
    // 127.0.0.2 is over its limit now; 127.0.0.4 has its own count, even naming 127.0.0.2 itself.
    expect((await submitThroughProxy('127.0.0.2', undefined, 100)).status).toBe(429)
    expect((await submitThroughProxy('127.0.0.4', '127.0.0.2', 101)).status).toBe(200)
    expect((await submitThroughProxy('127.0.0.4', undefined, 102)).status).toBe(200)
  })
})
