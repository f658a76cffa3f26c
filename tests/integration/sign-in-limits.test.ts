/**
 * The app's own sign-in limits (docs/decisions/021-rate-limits.md), over HTTP against the
 * production build: per IP for code requests; per browser, per e-mail and browser, and per IP for
 * verify attempts (decision 231).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { type AppServer, callServerFn, cookiesFrom, latestCode, serializedContent, startAppServer } from './app-server'
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

  it('binds a code to the browser that asked: wrong codes elsewhere neither block nor spend it', async () => {
    const email = 'admin@example.com'
    const mine = await callServerFn(server, sendId, { method: 'POST', data: { email }, ip: '203.0.113.10' })
    expect(mine.status).toBe(200)
    const myCookie = cookiesFrom(mine)
    expect(mine.headers.getSetCookie().join('\n')).toMatch(/^code-browser=[\w-]{43}; .*HttpOnly/im)
    const myCode = latestCode(server.dataDir, email)
    // A stranger's browser asks for a code for the same address (this does not cancel mine)…
    const theirs = await callServerFn(server, sendId, { method: 'POST', data: { email }, ip: '198.51.100.10' })
    expect(theirs.status).toBe(200)
    const theirCookie = cookiesFrom(theirs)
    const theirCode = latestCode(server.dataDir, email)
    expect(theirCode).not.toBe(myCode)
    // …and types wrong codes from many addresses until its browser is refused.
    const { max } = LIMITS.rate.verifyPerBrowserEmail
    for (let i = 0; i < max; i++) {
      const wrong = String((Number(myCode) + 1 + i) % 1_000_000).padStart(6, '0')
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email, code: wrong === theirCode ? '999999' : wrong },
        ip: `203.0.113.${100 + i}`,
        cookie: theirCookie,
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email, code: theirCode },
        ip: '203.0.113.99',
        cookie: theirCookie,
      }),
    )
    // My code is refused in another browser (a fresh one, without the cookie)…
    const elsewhere = await callServerFn(server, verifyId, { method: 'POST', data: { email, code: myCode }, ip: '203.0.113.98' })
    expect(elsewhere.status).toBe(400)
    // …and signs me in here.
    const signedIn = await callServerFn(server, verifyId, {
      method: 'POST',
      data: { email, code: myCode },
      ip: '203.0.113.10',
      cookie: myCookie,
    })
    expect(signedIn.status, await signedIn.clone().text()).toBe(200)
  })

  it(`e-mails the owners once after ${LIMITS.rate.signInFailuresPerEmail.max} wrong codes in a row for a staff address`, async () => {
    const email = 'admin@example.com'
    const alerts = () =>
      readFileSync(join(server.dataDir, 'outbox.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string; kind?: string })
        .filter((mail) => mail.kind === 'owner_alert')
    const { max } = LIMITS.rate.signInFailuresPerEmail
    const perBrowser = LIMITS.rate.verifyPerBrowserEmail.max
    let typed = 0
    for (let b = 0; typed < max + 5; b++) {
      const sent = await callServerFn(server, sendId, { method: 'POST', data: { email }, ip: `192.0.2.${b}` })
      expect(sent.status).toBe(200)
      const cookie = cookiesFrom(sent)
      const right = latestCode(server.dataDir, email)
      for (let i = 0; i < perBrowser && typed < max + 5; i++, typed++) {
        const response = await callServerFn(server, verifyId, {
          method: 'POST',
          data: { email, code: right === '000000' ? '111111' : '000000' },
          ip: `192.0.2.${100 + b}`,
          cookie,
        })
        expect(response.status).toBe(400)
      }
      if (typed < max) expect(alerts()).toEqual([])
    }
    await vi.waitFor(() => expect(alerts()).toHaveLength(1), { timeout: 10_000 })
    expect(alerts()[0]).toMatchObject({ to: email, subject: `Güvenlik uyarısı: ${email} için hatalı giriş kodları` })
    expect(alerts()[0]!.text).toContain(`arka arkaya ${max} hatalı giriş kodu`)
  })

  it('limits verify attempts per browser, whatever the e-mail', async () => {
    const { max } = LIMITS.rate.verifyPerBrowser
    const first = await callServerFn(server, sendId, {
      method: 'POST',
      data: { email: 'nobody-x@example.com' },
      ip: '198.51.100.60',
    })
    const cookie = cookiesFrom(first)
    expect(cookie).toMatch(/^code-browser=/)
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: `someone${i}@example.com`, code: '000000' },
        ip: `198.51.100.${70 + i}`,
        cookie,
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: 'staff@example.com', code: '000000' },
        ip: '198.51.100.99',
        cookie,
      }),
    )
  })

  it('limits verify attempts per client address, whatever the e-mail and however often the browser id changes', async () => {
    const { max } = LIMITS.rate.verifyPerIp
    const ip = '198.51.100.50'
    // A new browser id on every try, as a client that drops its cookies would have.
    const fresh = () => `code-browser=${randomBytes(32).toString('base64url')}`
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: `user${i}@example.com`, code: '000000' },
        ip,
        cookie: fresh(),
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: 'staff@example.com', code: '000000' },
        ip,
        cookie: fresh(),
      }),
    )
    // Another address of the same IPv6 /64 is the same client.
    const v6 = (n: number) => `2001:db8:50:1::${n.toString(16)}`
    for (let i = 0; i < max; i++) {
      const response = await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: `v6user${i}@example.com`, code: '000000' },
        ip: v6(i + 1),
        cookie: fresh(),
      })
      expect(response.status).toBe(400)
    }
    await expectLimited(
      await callServerFn(server, verifyId, {
        method: 'POST',
        data: { email: 'staff@example.com', code: '000000' },
        ip: v6(0xffff),
        cookie: fresh(),
      }),
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
