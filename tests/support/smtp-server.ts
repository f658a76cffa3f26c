/**
 * A real SMTP server in the test process (`smtp-server`, from nodemailer's authors), plain text
 * (no STARTTLS) with a password login, recording what it accepts: the mail tests read the
 * messages the app really sent. It can be stopped and started again on the same port (the
 * "SMTP server down" tests), hold each mail before accepting it (kill the app mid-delivery), and
 * counts how many mail transactions were ever open at once (one worker at a time).
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import { freePort } from '../../scripts/lib/server-process.mjs'

export const SMTP_USER = 'mailer'
export const SMTP_PASSWORD = 'p@ss word'

export interface ReceivedMail {
  /** Envelope recipient. */
  to: string
  headers: Map<string, string>
  subject: string
  text: string
  messageId: string
  replyTo: string
  raw: string
}

export interface TestSmtpServer {
  port: number
  /** SMTP_URL for the app, with the user and the password (percent-encoded). */
  url: string
  received: ReceivedMail[]
  /** The most mail transactions (MAIL FROM to the reply after DATA) ever open at the same moment. */
  maxConcurrent(): number
  /** Transactions begun (MAIL FROM) so far, accepted or not. */
  attempts(): number
  /** Each message waits this long before the server accepts it. */
  delayMs: number
  /** Until release(), messages are read but not yet accepted (the client waits for the reply). */
  hold(): void
  release(): void
  /** Resolves once `count` held messages are waiting. */
  held(count?: number): Promise<void>
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  stop(): Promise<void>
  start(): Promise<void>
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as text. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const source = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < source.length; i++) {
    const hex = source[i] === '=' ? source.slice(i + 1, i + 3) : ''
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** A single-part text message as nodemailer writes one. */
export function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return {
    to,
    headers,
    subject: headers.get('subject') ?? '',
    text: text.replace(/\r\n/g, '\n').trimEnd(),
    messageId: headers.get('message-id') ?? '',
    replyTo: headers.get('reply-to') ?? '',
    raw,
  }
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort()
  const received: ReceivedMail[] = []
  const closed = new Set<string>()
  let open = 0
  let max = 0
  let begun = 0
  let holding = false
  let waiting: (() => void)[] = []
  let server: SMTPServer | null = null

  const endTransaction = (session: SMTPServerSession & { inTransaction?: boolean }) => {
    if (session.inTransaction) {
      session.inTransaction = false
      open--
    }
  }

  function create(): SMTPServer {
    return new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      closeTimeout: 200,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username })
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
      },
      onMailFrom(_address, session: SMTPServerSession & { inTransaction?: boolean }, callback) {
        begun++
        session.inTransaction = true
        open++
        max = Math.max(max, open)
        callback()
      },
      onData(stream, session: SMTPServerSession & { inTransaction?: boolean }, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          if (service.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, service.delayMs))
          if (holding) await new Promise<void>((resolve) => waiting.push(resolve))
          endTransaction(session)
          // The client went away before the reply (killed mid-delivery): the mail was not accepted.
          if (closed.has(session.id)) return callback(new Error('connection closed'))
          for (const rcpt of session.envelope.rcptTo) received.push(parseMail(raw, rcpt.address))
          callback(null, 'Message accepted')
        })
      },
      onClose(session: SMTPServerSession & { inTransaction?: boolean }) {
        closed.add(session.id)
        endTransaction(session)
      },
    })
  }

  async function start(): Promise<void> {
    server = create()
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject)
      server!.listen(port, '127.0.0.1', () => resolve())
    })
  }

  const service: TestSmtpServer = {
    port,
    url: `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    maxConcurrent: () => max,
    attempts: () => begun,
    delayMs: 0,
    hold() {
      holding = true
    },
    release() {
      holding = false
      const resume = waiting
      waiting = []
      for (const go of resume) go()
    },
    async held(count = 1) {
      const deadline = Date.now() + 30_000
      while (waiting.length < count) {
        if (Date.now() > deadline) throw new Error(`no ${count} held message(s) within 30 s`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.find(predicate)
        if (mail) return mail
        if (Date.now() > deadline) {
          throw new Error(
            `no such mail within ${timeoutMs} ms; received: ${received.map((m) => `${m.to}: ${m.subject}`).join('; ')}`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async stop() {
      const current = server
      server = null
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
    },
    start,
  }
  await start()
  return service
}
