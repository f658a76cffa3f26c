/**
 * Replies from the desk on the embedded backend against a real SMTP server in this process: the
 * mail the visitor gets, one mail per click, the thread's states, the SMTP server down and the
 * queue giving up ('Tekrar Gönder'), refusals, and the thread as the message's personal data.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedInstance, openEmbedded, SEED_ADMIN_EMAIL } from '~/backend/embedded/open-embedded.server'
import { queueReplyReminders } from '~/backend/mail/reply-reminders.server'
import { LIMITS } from '~/lib/limits'
import { createTestClock, makeTempDataDir } from '../embedded-harness'
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'

const FROM = 'Pusula Dijital <bilgi@pusula.example>'

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
})

afterAll(async () => {
  await instance?.backend.close()
  await smtp?.stop()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let visitors = 0
async function lead(locale?: 'tr' | 'en') {
  const email = `visitor${++visitors}@example.com`
  const { id } = await instance.backend.messages.create({
    name: `Ziyaretçi ${visitors}`,
    email,
    message: 'Merhaba,\ndijital dönüşüm için teklif istiyoruz.',
    ...(locale ? { locale } : {}),
  })
  return { id, email }
}

const reply = (messageId: string, body = 'Merhaba,\nteklifimiz ektedir.', locale: 'tr' | 'en' = 'tr') =>
  instance.backend.replies.send({ id: randomUUID(), messageId, author: SEED_ADMIN_EMAIL, locale, body })

const deliveryOf = async (messageId: string, replyId: string) =>
  (await instance.backend.replies.thread(messageId))?.entries.find((entry) => entry.id === replyId)?.delivery

describe('a reply', () => {
  it('reaches the visitor from MAIL_FROM, in the chosen language, signed, with a Message-ID naming it', async () => {
    const { id, email } = await lead('en')
    expect((await instance.backend.replies.thread(id))?.locale).toBe('en')
    const sent = await reply(id, 'Hello,\n\nour offer is attached.', 'en')
    if (!sent.ok) throw new Error(sent.reason)
    expect(sent.reply).toMatchObject({ kind: 'reply', author: SEED_ADMIN_EMAIL, delivery: 'queued', locale: 'en' })
    const mail = await smtp.waitFor((m) => m.to === email, 10_000)
    expect(mail.headers.get('from')).toBe(FROM)
    expect(mail.subject).toBe('About your message – Pusula Dijital')
    expect(mail.text).toBe(`Hello,\n\nour offer is attached.\n\n--\n${SEED_ADMIN_EMAIL}\nPusula Dijital`)
    expect(mail.messageId).toBe(`<${sent.reply.id}@pusula.example>`)
    expect(mail.headers.has('auto-submitted')).toBe(false)
    await until(async () => (await deliveryOf(id, sent.reply.id)) === 'sent')
  })

  it("is signed with the sender's name and 'İmza' from 'Hesabım', and the thread names them", async () => {
    const { id, email } = await lead()
    await instance.backend.leads.saveProfile(SEED_ADMIN_EMAIL, {
      name: 'Deniz Kaya',
      signature: 'Kıdemli Danışman\nPusula Dijital',
    })
    try {
      const sent = await reply(id, 'Merhaba,\nteklifimiz ektedir.')
      if (!sent.ok) throw new Error(sent.reason)
      expect(sent.reply.authorName).toBe('Deniz Kaya')
      const mail = await smtp.waitFor((m) => m.to === email, 10_000)
      expect(mail.text).toBe('Merhaba,\nteklifimiz ektedir.\n\n--\nDeniz Kaya\nKıdemli Danışman\nPusula Dijital')
      expect(mail.text).not.toContain(SEED_ADMIN_EMAIL)
      const thread = await instance.backend.replies.thread(id)
      expect(thread?.entries.map((entry) => [entry.author, entry.authorName])).toEqual([[SEED_ADMIN_EMAIL, 'Deniz Kaya']])
    } finally {
      await instance.backend.leads.saveProfile(SEED_ADMIN_EMAIL, { name: null, signature: null })
    }
  })

  it('is one mail however often the same click is sent, and the thread lists it once, oldest first', async () => {
    const { id, email } = await lead()
    const replyId = randomUUID()
    const input = { id: replyId, messageId: id, author: SEED_ADMIN_EMAIL, locale: 'tr' as const, body: 'Tek yanıt.' }
    const results = await Promise.all([instance.backend.replies.send(input), instance.backend.replies.send(input)])
    expect(results.every((result) => result.ok)).toBe(true)
    expect((await instance.backend.replies.send(input)).ok).toBe(true)
    const mail = await smtp.waitFor((m) => m.to === email, 10_000)
    expect(mail.subject).toBe('Mesajınız hakkında – Pusula Dijital')
    const second = await reply(id, 'İkinci yanıt.')
    if (!second.ok) throw new Error(second.reason)
    await until(async () => (await deliveryOf(id, second.reply.id)) === 'sent')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received.filter((m) => m.to === email).map((m) => m.text.split('\n')[0])).toEqual(['Tek yanıt.', 'İkinci yanıt.'])
    const thread = await instance.backend.replies.thread(id)
    expect(thread?.entries.map((entry) => entry.body)).toEqual(['Tek yanıt.', 'İkinci yanıt.'])
    expect(thread?.locale).toBeNull()
  })

  it('is refused for a message in the trash or in spam, and for no message; nothing is queued', async () => {
    const trashed = await lead()
    await instance.backend.messages.trash([trashed.id])
    const spam = await lead()
    await instance.backend.messages.markSpam([spam.id])
    expect(await reply(trashed.id)).toEqual({ ok: false, reason: 'in_trash' })
    expect(await reply(spam.id)).toEqual({ ok: false, reason: 'spam' })
    expect(await reply(randomUUID())).toEqual({ ok: false, reason: 'not_found' })
    const { rows } = await instance.db.query(`select 1 from public.mail_queue where kind = 'reply' and message_id = any($1)`, [
      [trashed.id, spam.id],
    ])
    expect(rows).toEqual([])
    expect((await instance.backend.replies.thread(trashed.id))?.entries).toEqual([])
  })
})

describe('the SMTP server down', () => {
  it('keeps the reply queued and delivers it once when the server is back', async () => {
    const { id, email } = await lead()
    await smtp.stop()
    let replyId: string
    try {
      const sent = await reply(id, 'Sunucu kapalıyken yazıldı.')
      if (!sent.ok) throw new Error(sent.reason)
      replyId = sent.reply.id
      await until(async () => {
        const { rows } = await instance.db.query<{ last_error: string | null }>(
          'select last_error from public.mail_queue where id = $1',
          [replyId],
        )
        return rows[0]?.last_error != null
      })
      expect(await deliveryOf(id, replyId)).toBe('queued')
    } finally {
      await smtp.start()
    }
    await smtp.waitFor((m) => m.to === email, 15_000)
    await until(async () => (await deliveryOf(id, replyId)) === 'sent')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1)
  })

  it("marks it 'failed' once the queue gives up, and 'Tekrar Gönder' delivers it with the same Message-ID", async () => {
    const { id, email } = await lead()
    await smtp.stop()
    let replyId: string
    try {
      const sent = await reply(id, 'Teslim edilemeyen yanıt.')
      if (!sent.ok) throw new Error(sent.reason)
      replyId = sent.reply.id
      await until(async () => {
        const { rows } = await instance.db.query<{ attempts: number }>('select attempts from public.mail_queue where id = $1', [
          replyId,
        ])
        return (rows[0]?.attempts ?? 0) >= 1
      })
      // Past the queue's patience: the next attempt fails for good.
      clock.advance(LIMITS.mail.giveUpAfterSeconds + 60)
      await until(async () => (await deliveryOf(id, replyId)) === 'failed', 30_000)
      expect(await instance.backend.replies.resend(randomUUID())).toBeNull()
    } finally {
      await smtp.start()
    }
    const again = await instance.backend.replies.resend(replyId)
    expect(again).toMatchObject({ id: replyId, delivery: 'queued' })
    const mail = await smtp.waitFor((m) => m.to === email, 15_000)
    expect(mail.messageId).toBe(`<${replyId}@pusula.example>`)
    await until(async () => (await deliveryOf(id, replyId)) === 'sent')
    // Only a failed reply can be sent again.
    expect(await instance.backend.replies.resend(replyId)).toBeNull()
  })
})

describe('the thread as personal data', () => {
  it('is in the visitor’s export, goes to the trash and back with its message, and is erased with it', async () => {
    const { id, email } = await lead()
    const sent = await reply(id, 'Kişisel veri içeren yanıt.')
    if (!sent.ok) throw new Error(sent.reason)
    await until(async () => (await deliveryOf(id, sent.reply.id)) === 'sent')

    const exported = await instance.backend.privacy.exportData(email)
    expect(exported.replies).toEqual([
      expect.objectContaining({ messageId: id, kind: 'reply', body: 'Kişisel veri içeren yanıt.', author: SEED_ADMIN_EMAIL }),
    ])

    await instance.backend.messages.trash([id])
    expect((await instance.backend.replies.thread(id))?.entries).toHaveLength(1)
    await instance.backend.messages.restore([id])

    await instance.backend.privacy.erase(email, { via: 'cli' })
    expect(await instance.backend.replies.thread(id)).toBeNull()
    const { rows } = await instance.db.query('select 1 from public.message_replies where message_id = $1', [id])
    expect(rows).toEqual([])
  })

  it('goes when its message is purged from the trash', async () => {
    const { id } = await lead()
    const sent = await reply(id)
    if (!sent.ok) throw new Error(sent.reason)
    await instance.backend.messages.trash([id])
    expect(await instance.backend.messages.purge([id])).toBe(1)
    const { rows } = await instance.db.query('select 1 from public.message_replies where id = $1', [sent.reply.id])
    expect(rows).toEqual([])
  })
})

describe('a lead left unanswered', () => {
  it('sends staff one reminder after REPLY_DUE_HOURS; none once answered, none for spam, the trash or archived', async () => {
    const origin = 'https://www.pusula.example'
    const waiting = await lead()
    const answered = await lead()
    const spam = await lead()
    const trashed = await lead()
    const archived = await lead()
    const sent = await reply(answered.id)
    if (!sent.ok) throw new Error(sent.reason)
    await instance.backend.messages.markSpam([spam.id])
    await instance.backend.messages.trash([trashed.id])
    await instance.backend.messages.update([archived.id], { status: 'archived' })
    const remindersOf = (id: string) =>
      smtp.received.filter((m) => m.to === SEED_ADMIN_EMAIL && m.subject.startsWith('Yanıt bekliyor:') && m.text.includes(id))

    // Not yet due.
    await queueReplyReminders(instance.db, { now: clock.now(), dueHours: 24, linkOrigin: origin })
    clock.advance(25 * 3600)
    await queueReplyReminders(instance.db, { now: clock.now(), dueHours: 24, linkOrigin: origin })
    const mail = await smtp.waitFor((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes(`?id=${waiting.id}`), 10_000)
    expect(mail.subject).toBe(`Yanıt bekliyor: Ziyaretçi ${visitors - 4}`)
    expect(mail.text.split('\n')[0]).toBe('Bu mesaj 24 saatten uzun süredir yanıt bekliyor.')
    expect(mail.text).toContain(`${origin}/admin/messages?id=${waiting.id}`)

    // Looking again (another instance, the next check) queues nothing more.
    await queueReplyReminders(instance.db, { now: clock.now(), dueHours: 24, linkOrigin: origin })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(remindersOf(waiting.id)).toHaveLength(1)
    for (const other of [answered, spam, trashed, archived]) expect(remindersOf(other.id)).toEqual([])
  })
})
