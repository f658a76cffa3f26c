/**
 * Two instances on one PostgreSQL 17 database reading the same mailbox (Debian's Dovecot, run
 * privately): the visitor's answer to a reply joins the thread once and staff are notified once,
 * whichever instance reads it; unrelated mail stays in the mailbox, unflagged and in no thread.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type PostgresInstance } from '~/backend/postgres/open-postgres.server'
import { startImapServer, type TestImapServer } from '../support/imap-server'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

const ADMIN = 'imap-admin@example.com'
const ORIGIN = 'https://www.pusula.example'

let database: PlainDatabase
let smtp: TestSmtpServer
let imap: TestImapServer
const instances: PostgresInstance[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'pusula-imap-two-'))

beforeAll(async () => {
  ;[database, smtp, imap] = await Promise.all([createPlainDatabase(), startSmtpServer(), startImapServer()])
  const open = () =>
    openPostgres({
      url: database.url,
      dataDir,
      secureCookies: false,
      logEmails: false,
      seedAdminEmails: [ADMIN],
      mail: {
        smtp: { url: smtp.url, from: 'Pusula Dijital <bilgi@pusula.example>' },
        worker: true,
        imap: { url: imap.url, pollSeconds: 5, linkOrigin: ORIGIN },
      },
    })
  // One after the other: the first start creates the schema.
  instances.push(await open())
  instances.push(await open())
}, 120_000)

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.backend.close()))
  await Promise.all([smtp?.stop(), imap?.stop()])
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('two instances reading one mailbox', () => {
  it('import an answer once and notify staff once; unrelated mail is left as it was', async () => {
    const [a, b] = instances as [PostgresInstance, PostgresInstance]
    const visitor = `two-readers-${Date.now().toString(36)}@example.com`
    const { id } = await a.backend.messages.create(
      { name: 'İki Okuyucu', email: visitor, message: 'Bir teklif istiyoruz.' },
      { linkOrigin: ORIGIN },
    )
    await until(() => smtp.received.some((m) => m.to === ADMIN && m.text.includes(id)))
    await b.backend.messages.update([id], { status: 'read', readAt: new Date().toISOString() })
    const sent = await b.backend.replies.send({ id: randomUUID(), messageId: id, author: ADMIN, locale: 'tr', body: 'Merhaba.' })
    if (!sent.ok) throw new Error(sent.reason)
    const delivered = await smtp.waitFor((m) => m.to === visitor, 15_000)

    await imap.append(
      'From: other@elsewhere.example\r\nSubject: Hello\r\nMessage-ID: <other@elsewhere.example>\r\n\r\nNothing to do with a reply.\r\n',
    )
    await imap.append(
      [
        `From: ${visitor}`,
        'Subject: Re: Mesajınız hakkında',
        'Message-ID: <answer@visitor.example>',
        `In-Reply-To: ${delivered.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Teşekkürler, görüşelim.',
        '',
      ].join('\r\n'),
    )
    const before = (await imap.list()).map((mail) => ({ ...mail, flags: mail.flags.filter((f) => f !== '\\Recent') }))

    await until(async () => ((await a.backend.replies.thread(id))?.entries.length ?? 0) === 2)
    // Two more polls of both instances: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 11_000))
    for (const instance of instances) {
      const thread = await instance.backend.replies.thread(id)
      expect(thread?.entries.map((entry) => [entry.kind, entry.body])).toEqual([
        ['reply', 'Merhaba.'],
        ['answer', 'Teşekkürler, görüşelim.'],
      ])
    }
    expect((await b.backend.messages.get(id))?.status).toBe('new')
    expect(smtp.received.filter((m) => m.to === ADMIN && m.text.includes(id))).toHaveLength(2)
    const answers = await a.db.query(`select 1 from public.message_replies where kind = 'answer'`)
    expect(answers.rows).toHaveLength(1)
    const after = (await imap.list()).map((mail) => ({ ...mail, flags: mail.flags.filter((f) => f !== '\\Recent') }))
    expect(after).toEqual(before)
    expect(after.map((mail) => mail.flags)).toEqual([[], []])
  }, 90_000)
})
