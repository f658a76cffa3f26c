/**
 * The server's log holds no personal data beyond the client's address
 * (docs/decisions/130-logs-metrics-health.md): after a full sign-in (a wrong code first) and a
 * contact post whose notification is mailed, nothing the visitor or the admin typed, no e-mail
 * address and no code is in it, with mail going to an SMTP server and with the outbox and
 * LOG_EMAILS=false. (LOG_EMAILS=true, the embedded default, prints mail on purpose: it is how
 * one signs in without a mail server.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, type TestSmtpServer, startSmtpServer } from '../support/smtp-server'
import { type AppServer, callServerFn, cookiesFrom, latestCode, startAppServer } from './app-server'
import { INTEGRATION_OUTPUT_DIR } from './build'
import { findBuiltServerFns } from './server-functions'

const fnIds = new Map(findBuiltServerFns(INTEGRATION_OUTPUT_DIR).map((fn) => [fn.name, fn.id]))
const ADMIN = 'log-privacy-admin@example.com'
const VISITOR = {
  name: 'Gülay Mahremiyet',
  email: 'gulay.mahremiyet@example.net',
  message: 'Özel bir konu: projemiz 7391 numaralı.',
}
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/

const codeIn = (mail: ReceivedMail) => mail.text.match(/Giriş kodunuz: (\d{6})/)?.[1] ?? ''

describe.each([
  { mode: 'SMTP_URL', smtp: true },
  { mode: 'the outbox with LOG_EMAILS=false', smtp: false },
])('the log, with mail through $mode,', ({ smtp: withSmtp }) => {
  let smtp: TestSmtpServer | undefined
  let server: AppServer
  const dataDir = mkdtempSync(join(tmpdir(), 'pusula-logs-'))

  beforeAll(async () => {
    if (withSmtp) smtp = await startSmtpServer()
    server = await startAppServer({
      dataDir,
      env: {
        SEED_ADMIN_EMAILS: ADMIN,
        LOG_EMAILS: 'false',
        ...(smtp ? { SMTP_URL: smtp.url, MAIL_FROM: 'Pusula <bildirim@pusula.example>' } : {}),
      },
    })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const call = (name: string, options: { method: 'GET' | 'POST'; data?: unknown; cookie?: string }) =>
    callServerFn(server, fnIds.get(name) ?? name, { ...options, ip: '198.51.100.41' })

  it('holds no e-mail address, code or message text after a sign-in and a contact post', async () => {
    const sent = await call('sendLoginCode', { method: 'POST', data: { email: ADMIN } })
    expect(sent.status, await sent.clone().text()).toBe(200)
    // The sign-in mail, not any mail to the admin: a reply reminder for the demo leads may come first.
    const mail = smtp ? await smtp.waitFor((m) => m.to === ADMIN && codeIn(m) !== '', 10_000) : undefined
    const code = mail ? codeIn(mail) : latestCode(dataDir, ADMIN)
    expect(code).toMatch(/^\d{6}$/)
    const wrong = code === '000000' ? '111111' : '000000'
    const browser = cookiesFrom(sent)
    expect((await call('verifyLoginCode', { method: 'POST', data: { email: ADMIN, code: wrong }, cookie: browser })).status).toBe(
      400,
    )
    const verified = await call('verifyLoginCode', { method: 'POST', data: { email: ADMIN, code }, cookie: browser })
    expect(verified.status, await verified.clone().text()).toBe(200)
    const cookie = cookiesFrom(verified)

    const posted = await call('submitContactMessage', { method: 'POST', data: { ...VISITOR, website: '' } })
    expect(posted.status, await posted.clone().text()).toBe(200)
    // The notification is rendered and mailed: the delivery path has had its chance to log.
    if (smtp) await smtp.waitFor((m) => m.to === ADMIN && m.text.includes(VISITOR.message), 15_000)
    const listed = await call('listMessages', { method: 'GET', cookie, data: { status: 'new', q: 'Mahremiyet', page: 1 } })
    expect(listed.status).toBe(200)
    expect(await listed.text()).toContain(VISITOR.message)
    await new Promise((resolve) => setTimeout(resolve, 500))

    const log = server.log()
    const lines = log.split('\n').filter((line) => line.startsWith('{'))
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request')
    // The log is there, one line per request, with the address the test posed as.
    expect(requests.filter((entry) => entry.route?.startsWith('/_serverFn/')).length).toBeGreaterThanOrEqual(5)
    expect(requests.every((entry) => entry.clientAddress === '198.51.100.41' || !entry.path.startsWith('/_serverFn'))).toBe(true)
    for (const secret of [ADMIN, VISITOR.email, VISITOR.name, VISITOR.message, 'Mahremiyet', code]) {
      expect(log, secret).not.toContain(secret)
    }
    expect(log.match(EMAIL_ADDRESS)?.[0] ?? null).toBeNull()
  })
})
