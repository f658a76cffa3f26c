/**
 * The visitors' answers read back from a real mailbox (Debian's Dovecot, run privately): a reply
 * leaves through a real SMTP server, the visitor's answer lands in the firm's mailbox naming it,
 * and it joins the thread once (a reader starting over from the first mail imports nothing more),
 * the message is 'Yeni' again and staff are notified; unrelated mail is left as it was.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedInstance, openEmbedded, SEED_ADMIN_EMAIL } from '~/backend/embedded/open-embedded.server'
import { repliedIds, startImapReader } from '~/backend/mail/imap-reader.server'
import { LIMITS } from '~/lib/limits'
import { createTestClock, makeTempDataDir } from '../embedded-harness'
import { startImapServer, type TestImapServer } from '../../support/imap-server'
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'

const FROM = 'Pusula Dijital <bilgi@pusula.example>'
const ORIGIN = 'https://www.pusula.example'

let smtp: TestSmtpServer
let imap: TestImapServer
let instance: EmbeddedInstance
let dataDir: string
const clock = createTestClock()

beforeAll(async () => {
  ;[smtp, imap] = await Promise.all([startSmtpServer(), startImapServer()])
  dataDir = await makeTempDataDir()
  instance = await openEmbedded({
    dataDir,
    secureCookies: false,
    logEmails: false,
    now: clock.now,
    inMemory: true,
    mail: {
      smtp: { url: smtp.url, from: FROM },
      worker: true,
      // A long poll: the answer must come through IDLE.
      imap: { url: imap.url, pollSeconds: 300, linkOrigin: ORIGIN },
    },
  })
}, 60_000)

afterAll(async () => {
  await instance?.backend.close()
  await Promise.all([smtp?.stop(), imap?.stop()])
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const withoutRecent = (mails: Awaited<ReturnType<TestImapServer['list']>>) =>
  mails.map((mail) => ({ ...mail, flags: mail.flags.filter((flag) => flag !== '\\Recent') }))

function answerMail(input: { from: string; inReplyTo: string; messageId: string; text: string }): string {
  const boundary = 'b1_answer'
  return [
    `From: Ziyaretçi <${input.from}>`,
    'To: bilgi@pusula.example',
    'Subject: Re: Mesajınız hakkında – Pusula Dijital',
    `Message-ID: ${input.messageId}`,
    `In-Reply-To: ${input.inReplyTo}`,
    `References: <older@visitor.example> ${input.inReplyTo}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    input.text,
    `--${boundary}`,
    'Content-Type: application/pdf; name="teklif.pdf"',
    'Content-Disposition: attachment; filename="teklif.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.alloc(1234, 7).toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

describe('repliedIds', () => {
  it('finds the reply ids among In-Reply-To and References, and nothing else', () => {
    const id = randomUUID()
    expect(repliedIds(`<${id}@pusula.example>`, `<a@b.example> <${id.toUpperCase()}@pusula.example>`)).toEqual([id])
    expect(repliedIds('<not-a-reply@pusula.example>', undefined)).toEqual([])
    expect(repliedIds(undefined, undefined)).toEqual([])
  })
})

describe('an answer in the mailbox', () => {
  it('joins the thread once, makes the message new again and notifies staff; unrelated mail is left alone', async () => {
    const visitor = 'answering-visitor@example.com'
    const { id } = await instance.backend.messages.create({
      name: 'Yanıt Veren',
      email: visitor,
      message: 'Bir teklif istiyoruz.',
      locale: 'tr',
    })
    await instance.backend.messages.update([id], { status: 'read', readAt: clock.now().toISOString() })
    const sent = await instance.backend.replies.send({
      id: randomUUID(),
      messageId: id,
      author: SEED_ADMIN_EMAIL,
      locale: 'tr',
      body: 'Teklifimiz için bir görüşme ayarlayalım mı?',
    })
    if (!sent.ok) throw new Error(sent.reason)
    const delivered = await smtp.waitFor((m) => m.to === visitor, 10_000)
    const notifiedBefore = smtp.received.filter((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes(id)).length

    await imap.append(
      [
        'From: someone@elsewhere.example',
        'To: bilgi@pusula.example',
        'Subject: Unrelated',
        'Message-ID: <unrelated@elsewhere.example>',
        'In-Reply-To: <some-thread@elsewhere.example>',
        '',
        'Not an answer to anything the desk sent.',
        '',
      ].join('\r\n'),
    )
    await imap.append(
      answerMail({
        from: visitor,
        inReplyTo: delivered.messageId,
        messageId: '<answer-1@visitor.example>',
        text: 'Evet,\nsalı günü uygun.',
      }),
    )
    const before = withoutRecent(await imap.list())

    await until(async () => ((await instance.backend.replies.thread(id))?.entries.length ?? 0) === 2)
    const thread = await instance.backend.replies.thread(id)
    expect(thread?.entries.map((entry) => entry.kind)).toEqual(['reply', 'answer'])
    // The attachment by name and size only.
    expect(thread?.entries[1]).toMatchObject({
      body: 'Evet,\nsalı günü uygun.',
      author: null,
      delivery: null,
      attachments: [{ name: 'teklif.pdf', size: 1234 }],
    })
    expect((await instance.backend.messages.get(id))?.status).toBe('new')
    await until(() => smtp.received.filter((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes(id)).length === notifiedBefore + 1)

    // A reader starting over from the first mail (a lost high-water mark, another instance after a
    // restart) finds the answer imported already: nothing more in the thread, no second notification.
    await instance.db.query(`update public.imap_reader_state set last_uid = 0, holder = null, expires_at = '-infinity'`)
    const again = startImapReader({
      db: instance.db,
      config: { url: imap.url, pollSeconds: 300, linkOrigin: ORIGIN },
      now: clock.now,
    })
    try {
      await again.run()
      const { rows: mark } = await instance.db.query<{ last_uid: string }>('select last_uid from public.imap_reader_state')
      expect(Number(mark[0]!.last_uid)).toBe(Math.max(...before.map((mail) => mail.uid)))
    } finally {
      await again.close()
    }
    const answers = await instance.db.query(`select 1 from public.message_replies where kind = 'answer'`)
    expect(answers.rows).toHaveLength(1)
    // 'Geçmiş': replied (by whom) and answered by the visitor, once each.
    const history = (await instance.backend.activity.forMessage(id)).reverse().map((row) => [row.action, row.actor])
    expect(history.filter(([action]) => action === 'message.reply' || action === 'message.visitor_reply')).toEqual([
      ['message.reply', SEED_ADMIN_EMAIL],
      ['message.visitor_reply', 'site'],
    ])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received.filter((m) => m.to === SEED_ADMIN_EMAIL && m.text.includes(id))).toHaveLength(notifiedBefore + 1)
    expect(withoutRecent(await imap.list())).toEqual(before)
  })
})

describe('a mailbox with more mail than one FETCH reads', () => {
  it('reads it in ranges: an answer after hundreds of unrelated mails joins its thread, the mark passes them all', async () => {
    const visitor = 'late-answer@example.com'
    const { id } = await instance.backend.messages.create({
      name: 'Geç Yanıt',
      email: visitor,
      message: 'Merhaba, bir teklif istiyoruz.',
      locale: 'tr',
    })
    const sent = await instance.backend.replies.send({
      id: randomUUID(),
      messageId: id,
      author: SEED_ADMIN_EMAIL,
      locale: 'tr',
      body: 'Merhaba, nasıl yardımcı olabiliriz?',
    })
    if (!sent.ok) throw new Error(sent.reason)
    const delivered = await smtp.waitFor((m) => m.to === visitor, 10_000)
    const unrelated = Array.from({ length: LIMITS.replies.imapFetchMails * 2 + 5 }, (_, n) =>
      [
        'From: x@elsewhere.example',
        'To: bilgi@pusula.example',
        `Subject: Fatura ${n}`,
        `Message-ID: <bulk-${n}@elsewhere.example>`,
        '',
        `Fatura ${n}.`,
        '',
      ].join('\r\n'),
    )
    await imap.append([
      ...unrelated,
      answerMail({
        from: visitor,
        inReplyTo: delivered.messageId,
        messageId: '<late-answer@visitor.example>',
        text: 'Teşekkürler.',
      }),
    ])
    await until(async () => ((await instance.backend.replies.thread(id))?.entries.length ?? 0) === 2)
    const last = Math.max(...(await imap.list()).map((mail) => mail.uid))
    await until(async () => {
      const { rows } = await instance.db.query<{ last_uid: string }>('select last_uid from public.imap_reader_state')
      return Number(rows[0]?.last_uid) === last
    })
    const { rows } = await instance.db.query(`select 1 from public.message_replies where kind = 'answer'`)
    expect(rows).toHaveLength(2)
  })
})
