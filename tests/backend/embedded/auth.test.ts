import fs from 'node:fs/promises'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '~/lib/limits'
import { readOutbox, sessionCookieName } from '~/backend/embedded/open-embedded.server'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import { contextFor, createMemoryCookieJar } from '../backend.contract'
import { openTestBackend, type TestBackend } from '../embedded-harness'
import { log } from '~/lib/log.server'

let t: TestBackend
let userCount = 0

beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t?.dispose()
})

/** A fresh user per test, so no test is throttled by another's code request. */
async function newUser(): Promise<string> {
  const email = `user${++userCount}@example.com`
  await addUser(t.db, email, { admin: false })
  return email
}

async function sendAndRead(email: string): Promise<string> {
  expect(await t.backend.auth.sendCode(email)).toEqual({ ok: true })
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1)
  const code = mail?.text.match(/\b\d{6}\b/)?.[0]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

async function signIn(email: string) {
  const jar = createMemoryCookieJar()
  const code = await sendAndRead(email)
  expect(await t.backend.auth.verifyCode(contextFor(jar), email, code)).toMatchObject({ ok: true })
  return jar
}

const name = sessionCookieName(false)

describe('sign-in e-mail', () => {
  it('appends one JSON line per mail to outbox.jsonl, in both languages', async () => {
    const email = await newUser()
    const before = (await readOutbox(t.dataDir)).length
    const code = await sendAndRead(email)
    const lines = (await fs.readFile(path.join(t.dataDir, 'outbox.jsonl'), 'utf8')).trimEnd().split('\n')
    expect(lines).toHaveLength(before + 1)
    const mail = JSON.parse(lines.at(-1)!)
    expect(Object.keys(mail).sort()).toEqual(['kind', 'messageId', 'sentAt', 'subject', 'text', 'to'])
    expect(mail).toMatchObject({ to: email, subject: 'Giriş kodunuz / Your sign-in code', kind: 'sign_in_code' })
    expect(mail.text).toContain(`Giriş kodunuz: ${code}`)
    expect(mail.text).toContain(`Your sign-in code: ${code}`)
    expect(Math.abs(Date.parse(mail.sentAt) - t.clock.now().getTime())).toBeLessThan(5_000)
  })

  it('fails with "unavailable" when the mail cannot be written, and lets the user retry at once', async () => {
    const dir = await fs.mkdtemp(path.join(t.dataDir, 'broken-'))
    const broken = await openTestBackend({ dataDir: dir })
    const quiet = vi.spyOn(log(), 'error').mockImplementation(() => {})
    try {
      await fs.mkdir(path.join(dir, 'outbox.jsonl')) // appendFile now fails with EISDIR
      const result = await broken.backend.auth.sendCode('admin@example.com')
      expect(result).toEqual({ ok: false, code: 'unavailable', message: 'Error sending magic link email' })
      expect(quiet).toHaveBeenCalled()
      await fs.rmdir(path.join(dir, 'outbox.jsonl'))
      expect(await broken.backend.auth.sendCode('admin@example.com')).toEqual({ ok: true })
    } finally {
      quiet.mockRestore()
      await broken.dispose()
    }
  })
})

describe('codes', () => {
  it('expires after the code lifetime', async () => {
    const email = await newUser()
    const code = await sendAndRead(email)
    t.clock.advance(LIMITS.auth.codeTtlSeconds + 1)
    const result = await t.backend.auth.verifyCode(contextFor(createMemoryCookieJar()), email, code)
    expect(result).toEqual({ ok: false, code: 'code_expired', message: 'Token has expired or is invalid' })
  })

  it(`dies after ${LIMITS.auth.codeMaxAttempts} wrong tries, even for the right code`, async () => {
    const email = await newUser()
    const code = await sendAndRead(email)
    const wrong = code === '999999' ? '999998' : '999999'
    const jar = createMemoryCookieJar()
    const results = []
    for (let i = 0; i < LIMITS.auth.codeMaxAttempts; i++) {
      results.push((await t.backend.auth.verifyCode(contextFor(jar), email, wrong)) as { code: string })
    }
    expect(results.map((r) => r.code)).toEqual([
      ...Array(LIMITS.auth.codeMaxAttempts - 1).fill('invalid_code'),
      'too_many_attempts',
    ])
    expect(await t.backend.auth.verifyCode(contextFor(jar), email, code)).toMatchObject({
      ok: false,
      code: 'too_many_attempts',
    })
    expect(jar.getAll()).toEqual([])
  })

  it('allows one request per interval, and a new code retires the old one', async () => {
    const email = await newUser()
    const first = await sendAndRead(email)
    t.clock.advance(LIMITS.auth.resendIntervalSeconds - 20)
    const throttled = await t.backend.auth.sendCode(email)
    expect(throttled).toMatchObject({ ok: false, code: 'rate_limited' })
    // About 20 seconds remain; allow a second for the real time that passes during the test.
    expect(throttled.ok === false && throttled.message).toMatch(/after (20|19) seconds\.$/)
    t.clock.advance(20)
    const second = await sendAndRead(email)
    const ctx = contextFor(createMemoryCookieJar())
    if (first !== second) {
      expect(await t.backend.auth.verifyCode(ctx, email, first)).toMatchObject({ ok: false, code: 'invalid_code' })
    }
    expect(await t.backend.auth.verifyCode(ctx, email, second)).toMatchObject({ ok: true })
  })

  it('binds each code to the browser that asked: another browser neither retires, throttles nor uses it', async () => {
    const email = await newUser()
    const send = async (codeBrowser: string) => {
      expect(await t.backend.auth.sendCode(email, { codeBrowser })).toEqual({ ok: true })
      return (await readOutbox(t.dataDir))
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/\b\d{6}\b/)![0]
    }
    const mine = await send('browser-a')
    // A second browser asks at once: not throttled by mine, and mine stays valid.
    const theirs = await send('browser-b')
    const here = { ...contextFor(createMemoryCookieJar()), codeBrowser: 'browser-a' }
    const there = { ...contextFor(createMemoryCookieJar()), codeBrowser: 'browser-b' }
    // Wrong tries there spend their code, not mine.
    for (let i = 0; i < LIMITS.auth.codeMaxAttempts; i++) {
      const wrong = mine === '000000' ? '111111' : '000000'
      expect((await t.backend.auth.verifyCode(there, email, wrong)).ok).toBe(false)
    }
    if (mine !== theirs) expect(await t.backend.auth.verifyCode(there, email, mine)).toMatchObject({ ok: false })
    // Neither code works without a browser, and mine works here.
    expect(await t.backend.auth.verifyCode(contextFor(createMemoryCookieJar()), email, mine)).toMatchObject({ ok: false })
    if (mine !== theirs)
      expect(await t.backend.auth.verifyCode(here, email, theirs)).toMatchObject({ ok: false, code: 'invalid_code' })
    expect(await t.backend.auth.verifyCode(here, email, mine)).toMatchObject({ ok: true })
    // The same browser still waits its interval.
    expect(await t.backend.auth.sendCode(email, { codeBrowser: 'browser-a' })).toMatchObject({ ok: false, code: 'rate_limited' })
  })

  it('refuses every code for an unknown address', async () => {
    const result = await t.backend.auth.verifyCode(contextFor(createMemoryCookieJar()), 'ghost@example.com', '123456')
    expect(result).toMatchObject({ ok: false, code: 'invalid_code' })
  })
})

describe('sessions', () => {
  it('sets the session cookie with its lifetime, and __Host- when cookies are secure', async () => {
    const jar = await signIn(await newUser())
    expect(jar.writes).toEqual([
      {
        name: 'session',
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: LIMITS.auth.sessionMaxSeconds },
      },
    ])
    const secure = await openTestBackend({ secureCookies: true })
    try {
      const secureJar = createMemoryCookieJar()
      await secure.backend.auth.sendCode('admin@example.com')
      const code = (await readOutbox(secure.dataDir)).at(-1)!.text.match(/\d{6}/)![0]
      await secure.backend.auth.verifyCode(contextFor(secureJar), 'admin@example.com', code)
      expect(secureJar.writes[0]).toMatchObject({ name: '__Host-session', options: { secure: true, path: '/' } })
      expect(sessionCookieName(true)).toBe('__Host-session')
    } finally {
      await secure.dispose()
    }
  })

  it('ends after the idle time, deleting the row and clearing the cookie', async () => {
    const email = await newUser()
    const jar = await signIn(email)
    const ctx = contextFor(jar)
    t.clock.advance(LIMITS.auth.sessionIdleSeconds - 60)
    expect(await t.backend.auth.getUser(ctx)).toMatchObject({ email }) // activity resets the idle timer
    t.clock.advance(LIMITS.auth.sessionIdleSeconds - 60)
    expect(await t.backend.auth.getUser(ctx)).toMatchObject({ email })
    t.clock.advance(LIMITS.auth.sessionIdleSeconds)
    expect(await t.backend.auth.getUser(ctx)).toBeNull()
    expect(jar.get(name)).toBeUndefined()
    expect(jar.writes.at(-1)).toMatchObject({ name, value: '', options: { maxAge: 0 } })
    const rows = await t.db.query(
      'select 1 from builtin_auth.sessions s join builtin_auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    )
    expect(rows.rows).toHaveLength(0)
  })

  it('ends at the maximum age even when used all the time', async () => {
    const email = await newUser()
    const ctx = contextFor(await signIn(email))
    const step = LIMITS.auth.sessionIdleSeconds - 60
    let elapsed = 0
    while (elapsed + step < LIMITS.auth.sessionMaxSeconds) {
      t.clock.advance(step)
      elapsed += step
      expect(await t.backend.auth.getUser(ctx)).toMatchObject({ email })
    }
    t.clock.advance(LIMITS.auth.sessionMaxSeconds - elapsed)
    expect(await t.backend.auth.getUser(ctx)).toBeNull()
  })

  it('records activity at most once a minute', async () => {
    const email = await newUser()
    const ctx = contextFor(await signIn(email))
    const lastSeen = async () =>
      (
        await t.db.query<{ last_seen_at: Date }>(
          'select s.last_seen_at from builtin_auth.sessions s join builtin_auth.users u on u.id = s.user_id where u.email = $1',
          [email],
        )
      ).rows[0]!.last_seen_at.getTime()
    const start = await lastSeen()
    t.clock.advance(30)
    await t.backend.auth.getUser(ctx)
    expect(await lastSeen()).toBe(start)
    t.clock.advance(31)
    await t.backend.auth.getUser(ctx)
    expect(await lastSeen()).toBeGreaterThanOrEqual(start + 61_000)
  })

  it('ends when the user is removed', async () => {
    const email = await newUser()
    const ctx = contextFor(await signIn(email))
    await t.db.query('delete from builtin_auth.users where email = $1', [email])
    expect(await t.backend.auth.getUser(ctx)).toBeNull()
  })
})

describe('stored secrets', () => {
  it('keeps only hashes of codes and session tokens', async () => {
    const email = await newUser()
    const jar = createMemoryCookieJar()
    const code = await sendAndRead(email)
    const codeRow = JSON.stringify((await t.db.query('select * from builtin_auth.otp_codes where email = $1', [email])).rows)
    expect(codeRow).not.toContain(code)
    // Not a bare SHA-256 either: that could be reversed by trying all million codes.
    expect(codeRow).not.toContain(createHash('sha256').update(code).digest('hex'))

    await t.backend.auth.verifyCode(contextFor(jar), email, code)
    const token = jar.get(name)!
    const sessions = await t.db.query<{ token_hash: string }>('select token_hash from builtin_auth.sessions')
    expect(sessions.rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'))
    // The whole database, catalog and write-ahead log included, never saw the token itself.
    const dump = Buffer.from(await (await t.pglite.dumpDataDir('none')).arrayBuffer())
    expect(dump.includes(token)).toBe(false)
    expect(dump.includes(createHash('sha256').update(token).digest('hex'))).toBe(true)
  })

  it('keeps the HMAC secret in a file only its owner can read', async () => {
    const stat = await fs.stat(path.join(t.dataDir, 'secret'))
    expect(stat.mode & 0o777).toBe(0o600)
  })
})
