import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { askAkismet } from './akismet.server'

const QUESTION = { name: 'Mark', email: 'mark@example.com', message: 'Hello there', ip: '203.0.113.9', userAgent: 'test' }

let server: Server | null = null
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
  server = null
})

/** A local stand-in for Akismet: answers with `answer`, or never when `answer` is null. */
async function fakeAkismet(answer: string | null, seen: URLSearchParams[] = []): Promise<string> {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push(new URLSearchParams(body))
      if (answer !== null) response.end(answer)
      // else: hang, as a service that is down behind a load balancer does
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
}

describe('askAkismet', () => {
  it("passes on Akismet's verdict and sends the message as a contact-form comment", async () => {
    const seen: URLSearchParams[] = []
    const url = await fakeAkismet('true', seen)
    expect(await askAkismet({ key: 'k1', url, site: 'https://www.example.com' }, QUESTION)).toBe('spam')
    expect(Object.fromEntries(seen[0]!)).toMatchObject({
      api_key: 'k1',
      blog: 'https://www.example.com',
      comment_type: 'contact-form',
      comment_author_email: 'mark@example.com',
      user_ip: '203.0.113.9',
    })
    const hamUrl = await fakeAkismet('false')
    expect(await askAkismet({ key: 'k1', url: hamUrl, site: 'https://www.example.com' }, QUESTION)).toBe('ham')
  })

  it(`gives up after ${LIMITS.spam.outsideTimeoutMs / 1000} s when the service hangs, so our own layers decide`, async () => {
    const url = await fakeAkismet(null)
    const started = performance.now()
    expect(await askAkismet({ key: 'k1', url, site: 'https://www.example.com' }, QUESTION)).toBeNull()
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(LIMITS.spam.outsideTimeoutMs - 50)
    expect(took).toBeLessThan(LIMITS.spam.outsideTimeoutMs + 1500)
  })

  it('answers null for an unreachable service or an answer it cannot read', async () => {
    const url = await fakeAkismet('invalid')
    expect(await askAkismet({ key: 'k1', url, site: 'https://www.example.com' }, QUESTION)).toBeNull()
    expect(await askAkismet({ key: 'k1', url: 'http://127.0.0.1:9', site: 'https://www.example.com' }, QUESTION)).toBeNull()
  })
})
