/**
 * The app's own sign-in limits (docs/decisions/021-rate-limits.md), over HTTP against the
 * production build: per IP for code requests, per e-mail and per IP for verify attempts.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { type AppServer, callServerFn, serializedContent, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

const AUTH_FILE = 'src/features/auth/auth.functions.ts'

describe('sign-in rate limits', () => {
  let server: AppServer
  let sendId = ''
  let verifyId = ''

  beforeAll(async () => {
    const built = findBuiltServerFns(INTEGRATION_OUTPUT_DIR)
    const id = (name: string) => {
      const fn = built.find((f) => f.file === AUTH_FILE && f.name === name)
      if (!fn) throw new Error(`${name} is not in the build`)
      return fn.id
    }
    sendId = id('sendLoginCode')
    verifyId = id('verifyLoginCode')
    server = await startAppServer()
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  async function expectLimited(response: Response) {
    const body = await response.text()
    expect(response.status, body).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const { strings } = serializedContent(body)
    expect(strings).toContain('rate_limited')
    expect(strings.some((s) => /^Çok fazla deneme yaptınız\. Lütfen \d+ saniye sonra tekrar deneyin\.$/.test(s))).toBe(true)
  }

  it('limits code requests per client address', async () => {
    const ip = '198.51.100.1'
    const { max } = LIMITS.rate.sendCodePerIp
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, sendId, { method: 'POST', data: { email: `nobody${i}@example.com` }, ip })
      expect(response.status).toBe(422)
    }
    await expectLimited(await callServerFn(server, sendId, { method: 'POST', data: { email: 'one-more@example.com' }, ip }))
    // Another address is not affected.
    const other = await callServerFn(server, sendId, {
      method: 'POST',
      data: { email: 'nobody@example.com' },
      ip: '198.51.100.2',
    })
    expect(other.status).toBe(422)
  })

  it('limits verify attempts per e-mail, whatever the address they come from', async () => {
    const { max } = LIMITS.rate.verifyPerEmail
    const email = 'admin@example.com'
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email, code: '000000' },
        ip: `203.0.113.${i + 1}`,
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, { method: 'POST', data: { email, code: '000000' }, ip: '203.0.113.200' }),
    )
  })

  it('limits verify attempts per client address, whatever the e-mail', async () => {
    const { max } = LIMITS.rate.verifyPerIp
    const ip = '198.51.100.50'
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: `user${i}@example.com`, code: '000000' },
        ip,
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, { method: 'POST', data: { email: 'staff@example.com', code: '000000' }, ip }),
    )
  })

  it('are kept in the database: a restart does not reset them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pusula-limits-'))
    const ip = '198.51.100.99'
    const { max } = LIMITS.rate.sendCodePerIp
    let first: AppServer | undefined
    let second: AppServer | undefined
    try {
      first = await startAppServer({ dataDir })
      for (let i = 0; i < max; i++) {
        await callServerFn(first, sendId, { method: 'POST', data: { email: `nobody${i}@example.com` }, ip })
      }
      await first.stop()
      second = await startAppServer({ dataDir })
      await expectLimited(await callServerFn(second, sendId, { method: 'POST', data: { email: 'again@example.com' }, ip }))
    } finally {
      await first?.stop()
      await second?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
