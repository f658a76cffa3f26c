/**
 * The mail queue on the embedded backend against a real SMTP server in this process: sign-in
 * codes, new-message notifications in each admin's language with Reply-To and a link, the flood
 * digest, the SMTP server down and back, and what a cancelled or deleted cause does to its mail.
 */
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedInstance, openEmbedded, SEED_ADMIN_EMAIL } from '~/backend/embedded/open-embedded.server'
import { addUser } from '~/backend/sql/builtin-auth/users.server'
import { LIMITS } from '~/lib/limits'
import { contextFor, createMemoryCookieJar } from '../backend.contract'
import { createTestClock, makeTempDataDir } from '../embedded-harness'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'

const FROM = 'Pusula Dijital <bildirim@pusula.example>'
const EN_ADMIN = 'en-admin@example.com'
const QUIET_ADMIN = 'quiet-admin@example.com'
const ORIGIN = 'https://www.pusula.example'

let smtp: TestSmtpServer
let instance: EmbeddedInstance
let dataDir: string
const clock = createTestClock()

beforeAll(async () => {
  smtp = await startSmtpServer()
  dataDir = await makeTempDataDir()
  instance = await openEmbedded({
    dataDir,
    secureCookies: false,
    logEmails: false,
    now: clock.now,
    inMemory: true,
    mail: { smtp: { url: smtp.url, from: FROM }, worker: true },
  })
  await addUser(instance.db, EN_ADMIN, { admin: true })
  await addUser(instance.db, QUIET_ADMIN, { admin: true })
  await instance.backend.mail.saveSettings(EN_ADMIN, { newMessages: true, locale: 'en' })
  await instance.backend.mail.saveSettings(QUIET_ADMIN, { newMessages: false, locale: 'tr' })
})

afterAll(async () => {
  await instance?.backend.close()
  await smtp?.stop()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

const mailsTo = (to: string, kind?: (mail: ReceivedMail) => boolean) =>
  smtp.received.filter((mail) => mail.to === to && (!kind || kind(mail)))
const isCode = (mail: ReceivedMail) => mail.subject === 'Giriş kodunuz / Your sign-in code'

async function queueRow(id: string) {
  const { rows } = await instance.db.query<{
    status: string
    attempts: number
    data: Record<string, unknown>
    last_error: string | null
  }>('select status, attempts, data, last_error from public.mail_queue where id = $1', [id])
  return rows[0]
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let users = 0
async function newUser(): Promise<string> {
  const email = `mail-user${++users}@example.com`
  await addUser(instance.db, email, { admin: false })
  return email
}

describe('sign-in codes', () => {
  it('go through the SMTP server at once, and the queue forgets the code once it has left', async () => {
    const email = await newUser()
    const sent = await instance.backend.auth.sendCode(email)
    if (!sent.ok) throw new Error(sent.message)
    expect(sent.deliveryId).toMatch(/^[0-9a-f-]{36}$/)
    const mail = await smtp.waitFor((m) => m.to === email && isCode(m), 5_000)
    expect(mail.headers.get('from')).toBe(FROM)
    expect(mail.messageId).toBe(`<${sent.deliveryId}@pusula.example>`)
    const code = mail.text.match(/Giriş kodunuz: (\d{6})/)?.[1]
    expect(mail.text).toContain(`Your sign-in code: ${code}`)
    await until(async () => (await instance.backend.mail.codeDelivery(sent.deliveryId!)) === 'sent')
    expect((await queueRow(sent.deliveryId!))?.data).toEqual({})
    const verified = await instance.backend.auth.verifyCode(contextFor(createMemoryCookieJar()), email, code!)
    expect(verified.ok).toBe(true)
  })

  it('wait while the SMTP server is down and arrive once when it is back', async () => {
    const email = await newUser()
    await smtp.stop()
    try {
      const sent = await instance.backend.auth.sendCode(email)
      if (!sent.ok) throw new Error(sent.message)
      await until(
        async () =>
          ((await queueRow(sent.deliveryId!))?.attempts ?? 0) >= 1 && (await queueRow(sent.deliveryId!))?.last_error !== null,
      )
      expect(await instance.backend.mail.codeDelivery(sent.deliveryId!)).toBe('queued')
    } finally {
      await smtp.start()
    }
    await smtp.waitFor((m) => m.to === email, 15_000)
    // Long enough for any second delivery to have happened.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('drop the mail of an earlier code still waiting: only the newest code arrives', async () => {
    const email = await newUser()
    await smtp.stop()
    let first: string
    let second: string
    try {
      const a = await instance.backend.auth.sendCode(email)
      clock.advance(LIMITS.auth.resendIntervalSeconds + 1)
      const b = await instance.backend.auth.sendCode(email)
      if (!a.ok || !b.ok) throw new Error('not sent')
      first = a.deliveryId!
      second = b.deliveryId!
      expect(await queueRow(first)).toMatchObject({ status: 'cancelled', data: {} })
    } finally {
      await smtp.start()
    }
    const mail = await smtp.waitFor((m) => m.to === email, 15_000)
    expect(mail.messageId).toContain(second)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mailsTo(email)).toHaveLength(1)
    expect(await instance.backend.mail.codeDelivery(first)).toBe('failed')
  })
})

describe('new-message notifications', () => {
  it("reach every admin who wants them, in the admin's language, with Reply-To and a link", async () => {
    const { id } = await instance.backend.messages.create(
      {
        name: 'Ayşe Yılmaz',
        email: 'ayse@musteri.example',
        message: 'Merhaba,\nERP seçimi için görüşmek istiyoruz.\nTeşekkürler.',
      },
      { linkOrigin: ORIGIN },
    )
    const tr = await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes(id))
    const en = await smtp.waitFor((m) => m.to === EN_ADMIN && m.text.includes(id))
    expect(tr.subject).toBe('Yeni mesaj: Ayşe Yılmaz')
    expect(en.subject).toBe('New message: Ayşe Yılmaz')
    for (const mail of [tr, en]) {
      expect(mail.replyTo).toBe('Ayşe Yılmaz <ayse@musteri.example>')
      expect(mail.text).toContain(`${ORIGIN}/admin/messages?id=${id}`)
      expect(mail.text).toContain('ERP seçimi için görüşmek istiyoruz.')
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated')
    }
    expect(tr.text).toContain('Gönderen: Ayşe Yılmaz <ayse@musteri.example>')
    expect(en.text).toContain('From: Ayşe Yılmaz <ayse@musteri.example>')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received.filter((m) => m.to === QUIET_ADMIN)).toEqual([])
  })

  it('carry no more of the message than the name in the subject, and a visitor cannot add a header', async () => {
    const { id } = await instance.backend.messages.create({
      name: 'Evil\r\nBcc: victim@example.com',
      email: 'evil@example.com',
      message: 'Secret pricing details that must not be in a subject line.',
    })
    const mail = await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes('Secret pricing'))
    expect(mail.subject).toBe('Yeni mesaj: Evil Bcc: victim@example.com')
    expect(mail.headers.has('bcc')).toBe(false)
    expect(smtp.received.some((m) => m.to === 'victim@example.com')).toBe(false)
    // Without an origin (SITE_URL unset and a forged Host), the mail names the inbox, not a link.
    expect(mail.text).not.toContain(`?id=${id}`)
    expect(mail.text).toContain('/admin/messages')
  })

  it('are dropped with their message when it is deleted before they left', async () => {
    await smtp.stop()
    try {
      const { id } = await instance.backend.messages.create({
        name: 'Silinen Mesaj',
        email: 'silinen@example.com',
        message: 'This message is deleted before its notification leaves.',
      })
      const queued = await instance.db.query('select 1 from public.mail_queue where message_id = $1', [id])
      expect(queued.rows.length).toBe(2)
      expect(await instance.backend.messages.remove([id])).toBe(1)
      const left = await instance.db.query('select 1 from public.mail_queue where message_id = $1', [id])
      expect(left.rows).toEqual([])
    } finally {
      await smtp.start()
    }
  })

  it('become one digest per admin past LIMITS.mail.floodMax messages in the window', async () => {
    // A window of its own, after the messages of the tests above.
    clock.advance(LIMITS.mail.floodWindowSeconds + 60)
    const { floodMax } = LIMITS.mail
    const before = mailsTo(SEED_ADMIN_EMAIL, (m) => !isCode(m)).length
    const ids: string[] = []
    for (let n = 0; n < floodMax + 5; n++) {
      const { id } = await instance.backend.messages.create(
        { name: `Flood Sender ${n}`, email: `flood${n}@example.com`, message: `Flood message number ${n}, one of many.` },
        { linkOrigin: ORIGIN },
      )
      ids.push(id)
    }
    await until(() => mailsTo(SEED_ADMIN_EMAIL, (m) => !isCode(m)).length >= before + floodMax)
    const digests = await instance.db.query<{ recipient: string; data: { count: number; ids: string[] } }>(
      `select recipient, data from public.mail_queue where kind = 'digest' and status = 'pending' order by recipient`,
    )
    expect(digests.rows.map((row) => row.recipient)).toEqual([SEED_ADMIN_EMAIL, EN_ADMIN].sort())
    expect(digests.rows[0]!.data).toMatchObject({ count: 5, ids: ids.slice(floodMax) })

    // Sent once the window after its first message has passed.
    clock.advance(LIMITS.mail.floodWindowSeconds + 1)
    await instance.db.exec('notify mail_queue')
    const digest = await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.subject === '5 yeni iletişim mesajı')
    const english = await smtp.waitFor((m) => m.to === EN_ADMIN && m.subject === '5 new contact messages')
    for (const n of [floodMax, floodMax + 4]) {
      expect(digest.text).toContain(`Flood Sender ${n} <flood${n}@example.com>`)
      expect(digest.text).toContain(`${ORIGIN}/admin/messages?id=${ids[n]}`)
    }
    expect(english.text).toContain(`${ORIGIN}/admin/messages?status=new`)
    expect(digest.replyTo).toBe('')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mailsTo(SEED_ADMIN_EMAIL, (m) => !isCode(m)).length).toBe(before + floodMax + 1)
  })

  it('are never sent for spam, which is no flood either; "not spam" sends the one of its message then', async () => {
    clock.advance(LIMITS.mail.floodWindowSeconds + 60)
    const before = mailsTo(SEED_ADMIN_EMAIL, (m) => !isCode(m)).length
    const spam: string[] = []
    for (let n = 0; n < LIMITS.mail.floodMax + 3; n++) {
      const message = { name: `Spam Sender ${n}`, email: `spam${n}@example.com`, message: `Cheap backlinks offer ${n}.` }
      spam.push((await instance.backend.messages.create({ ...message, status: 'spam' }, { linkOrigin: ORIGIN })).id)
    }
    // A real message right after: told in a mail of its own, not a digest.
    await instance.backend.messages.create(
      { name: 'Gerçek Müşteri', email: 'musteri@example.com', message: 'ERP projemiz için görüşmek istiyoruz.' },
      { linkOrigin: ORIGIN },
    )
    await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.subject === 'Yeni mesaj: Gerçek Müşteri')
    await instance.backend.messages.markNotSpam([spam[0]!], { linkOrigin: ORIGIN })
    const told = await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.subject === 'Yeni mesaj: Spam Sender 0')
    expect(told.text).toContain(`${ORIGIN}/admin/messages?id=${spam[0]}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mailsTo(SEED_ADMIN_EMAIL, (m) => !isCode(m)).length).toBe(before + 2)
    const queued = await instance.db.query(`select 1 from public.mail_queue where message_id = any($1::uuid[])`, [spam.slice(1)])
    expect(queued.rows).toEqual([])
  })
})

describe('notification settings', () => {
  it('are on and Turkish until an admin saves theirs, and are saved as given', async () => {
    const email = `settings-admin@example.com`
    await addUser(instance.db, email, { admin: true })
    expect(await instance.backend.mail.settings(email)).toEqual({ newMessages: true, locale: 'tr' })
    expect(await instance.backend.mail.saveSettings(email, { newMessages: false, locale: 'en' })).toEqual({
      newMessages: false,
      locale: 'en',
    })
    expect(await instance.backend.mail.settings(email.toUpperCase())).toEqual({ newMessages: false, locale: 'en' })
  })
})
