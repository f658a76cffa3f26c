/**
 * Real e-mail (docs/decisions/090-mail.md): the production build with SMTP_URL pointing at an SMTP server started
 * in this process. A staff member signs in with the code that arrives by mail; a contact message
 * notifies every admin in their language, with Reply-To and a link that opens the message; the
 * SMTP server stopped for a while and started again gets each waiting mail once; a SIGKILL of
 * the app mid-delivery loses nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromCrossJSON } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtp-server'
import { type AppServer, type CallOptions, callServerFn, cookiesFrom, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

const FROM = 'Pusula Dijital <bildirim@pusula.example>'
const ADMIN = 'admin@example.com'
const EN_ADMIN = 'mail-en@example.com'
const THIRD_ADMIN = 'mail-third@example.com'
const CODE_SUBJECT = 'Giriş kodunuz / Your sign-in code'

const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [fn.name, fn.id]))
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-mail-'))
let smtp: TestSmtpServer
let server: AppServer
const servers: AppServer[] = []
let ipCount = 0

async function call<T = unknown>(
  name: string,
  options: Omit<CallOptions, 'ip'>,
): Promise<{ status: number; result: T; cookie: string }> {
  const id = fnIds.get(name)
  if (!id) throw new Error(`${name} is not in the production build`)
  const response = await callServerFn(server, id, { ...options, ip: `10.77.0.${++ipCount}` })
  const body = await response.text()
  const cookie = cookiesFrom(response)
  if (response.status !== 200) return { status: response.status, result: body as T, cookie }
  return { status: 200, result: (fromCrossJSON(JSON.parse(body), { refs: new Map() }) as { result: T }).result, cookie }
}

function start(): Promise<AppServer> {
  return startAppServer({
    dataDir,
    env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, SEED_ADMIN_EMAILS: `${EN_ADMIN},${THIRD_ADMIN}` },
  }).then((started) => {
    servers.push(started)
    server = started
    return started
  })
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  await start()
}, 120_000)

afterAll(async () => {
  for (const running of servers) await running.stop()
  await smtp?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const codeIn = (mail: ReceivedMail) => mail.text.match(/Giriş kodunuz: (\d{6})/)?.[1] ?? ''

/** Signs in with the code that arrives at the SMTP server; returns the session cookie. */
async function signIn(email: string): Promise<string> {
  const since = smtp.received.length
  const sent = await call<{ sent: true; deliveryId: string | null }>('sendLoginCode', { method: 'POST', data: { email } })
  expect(sent.status, String(sent.result)).toBe(200)
  expect(sent.result.deliveryId).toMatch(/^[0-9a-f-]{36}$/)
  const mail = await smtp.waitFor(
    (m) => m.to === email && m.subject === CODE_SUBJECT && smtp.received.indexOf(m) >= since,
    10_000,
  )
  const id = fnIds.get('verifyLoginCode')!
  const verified = await callServerFn(server, id, {
    method: 'POST',
    data: { email, code: codeIn(mail) },
    ip: `10.77.1.${++ipCount}`,
    cookie: sent.cookie,
  })
  expect(verified.status, await verified.clone().text()).toBe(200)
  const delivery = await call<{ state: string | null }>('getCodeDelivery', {
    method: 'GET',
    data: { id: sent.result.deliveryId },
  })
  expect(delivery.result).toEqual({ state: 'sent' })
  return cookiesFrom(verified)
}

async function submitContact(name: string, email: string, message: string): Promise<void> {
  const sent = await call('submitContactMessage', { method: 'POST', data: { name, email, message } })
  expect(sent.status, String(sent.result)).toBe(200)
}

let adminCookie = ''

describe('with SMTP_URL', () => {
  it('signs a staff member in with the code that arrives by mail, and writes no outbox', async () => {
    adminCookie = await signIn(ADMIN)
    expect(() => readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')).toThrow(/ENOENT/)
    expect(server.log()).toContain('mail: smtp (smtp://127.0.0.1:')
    expect(server.log()).not.toContain('p%40ss')
  })

  it("notifies each admin of a contact message in the admin's language, with Reply-To and a link that opens it", async () => {
    const enCookie = await signIn(EN_ADMIN)
    const saved = await call('saveNotificationSettings', {
      method: 'POST',
      cookie: enCookie,
      data: { newMessages: true, locale: 'en' },
    })
    expect(saved.result).toMatchObject({ newMessages: true, locale: 'en', email: EN_ADMIN, delivery: 'smtp' })
    const settings = await call('getNotificationSettings', { method: 'GET', cookie: adminCookie })
    expect(settings.result).toEqual({ newMessages: true, locale: 'tr', email: ADMIN, delivery: 'smtp' })

    await submitContact('Zeynep Arslan', 'zeynep@musteri.example', 'Merhaba, e-ticaret altyapımızı yenilemek istiyoruz.')
    const tr = await smtp.waitFor((m) => m.to === ADMIN && m.subject === 'Yeni mesaj: Zeynep Arslan')
    const en = await smtp.waitFor((m) => m.to === EN_ADMIN && m.subject === 'New message: Zeynep Arslan')
    const link = en.text.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/messages\?id=[0-9a-f-]{36}/)?.[0]
    expect(link, en.text).toBeDefined()
    expect(tr.text).toContain(link!)
    for (const mail of [tr, en]) {
      expect(mail.replyTo).toBe('Zeynep Arslan <zeynep@musteri.example>')
      expect(mail.headers.get('from')).toBe(FROM)
      expect(mail.text).toContain('e-ticaret altyapımızı yenilemek istiyoruz')
    }
    // The link opens the inbox on that message for a signed-in admin.
    const page = await fetch(link!, { headers: { cookie: adminCookie }, redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('e-ticaret altyapımızı yenilemek istiyoruz')
  })

  it('keeps mail while the SMTP server is down and delivers each one once when it is back', async () => {
    await smtp.stop()
    const marker = `down-${Date.now().toString(36)}`
    let deliveryId: string | null = null
    try {
      await submitContact('Kesinti Testi', 'kesinti@example.com', `${marker}: the mail server is down right now.`)
      const sent = await call<{ deliveryId: string | null }>('sendLoginCode', { method: 'POST', data: { email: THIRD_ADMIN } })
      expect(sent.status).toBe(200)
      deliveryId = sent.result.deliveryId
      // Still waiting after a failed attempt: the login page would say the code is late.
      await sleep(1_500)
      expect((await call('getCodeDelivery', { method: 'GET', data: { id: deliveryId } })).result).toEqual({ state: 'queued' })
      await sleep(4_000)
    } finally {
      await smtp.start()
    }
    await smtp.waitFor((m) => m.to === THIRD_ADMIN && m.subject === CODE_SUBJECT, 30_000)
    for (const to of [ADMIN, EN_ADMIN, THIRD_ADMIN]) await smtp.waitFor((m) => m.to === to && m.text.includes(marker), 30_000)
    await sleep(2_000)
    const ofThisTest = smtp.received.filter(
      (m) => m.text.includes(marker) || (m.to === THIRD_ADMIN && m.subject === CODE_SUBJECT),
    )
    expect(ofThisTest.map((m) => m.to).sort()).toEqual([ADMIN, EN_ADMIN, THIRD_ADMIN, THIRD_ADMIN])
    expect(new Set(ofThisTest.map((m) => m.messageId)).size).toBe(4)
    expect((await call('getCodeDelivery', { method: 'GET', data: { id: deliveryId } })).result).toEqual({ state: 'sent' })
    expect(server.log()).toMatch(
      /"mailKind":"sign_in_code","mailId":"[0-9a-f-]{36}","attempt":1,.*"msg":"mail: an attempt failed"/,
    )
  }, 60_000)

  it('loses nothing when the app is killed mid-delivery', async () => {
    const marker = `kill-${Date.now().toString(36)}`
    smtp.hold()
    await submitContact('Çökme Testi', 'cokme@example.com', `${marker}: the server dies while this is being mailed.`)
    // The first notification is at the SMTP server, waiting for its reply.
    await smtp.held(1)
    const pid = Number.parseInt(readFileSync(join(dataDir, '.lock'), 'utf8'), 10)
    process.kill(pid, 'SIGKILL')
    await sleep(500)
    smtp.release()
    await start()
    for (const to of [ADMIN, EN_ADMIN, THIRD_ADMIN]) await smtp.waitFor((m) => m.to === to && m.text.includes(marker), 30_000)
    await sleep(2_000)
    const delivered = smtp.received.filter((m) => m.text.includes(marker))
    // The mail cut off by the kill was never accepted, so it arrives once, from the new process.
    expect(delivered.map((m) => m.to).sort()).toEqual([ADMIN, EN_ADMIN, THIRD_ADMIN])
  }, 90_000)

  it('knows no delivery by an id it did not give', async () => {
    const answer = await call('getCodeDelivery', { method: 'GET', data: { id: '00000000-0000-4000-8000-000000000000' } })
    expect(answer.result).toEqual({ state: null })
  })

  it('stops on SIGTERM while mail waits for an SMTP server that is down, and sends it after the restart', async () => {
    const marker = `sigterm-${Date.now().toString(36)}`
    await smtp.stop()
    try {
      await submitContact('Kapanış Testi', 'kapanis@example.com', `${marker}: queued while the server shuts down.`)
      await sleep(1_000)
      // The worker keeps retrying; it must not keep the process alive (the database closes cleanly).
      const stopped = await Promise.race([server.stop().then(() => true), sleep(30_000).then(() => false)])
      expect(stopped, server.log().slice(-2000)).toBe(true)
    } finally {
      await smtp.start()
    }
    await start()
    for (const to of [ADMIN, EN_ADMIN, THIRD_ADMIN]) await smtp.waitFor((m) => m.to === to && m.text.includes(marker), 30_000)
  }, 90_000)
})
