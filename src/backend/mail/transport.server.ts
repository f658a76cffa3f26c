/** Where a rendered mail goes: the SMTP server of SMTP_URL, or without one outbox.jsonl and the log.
 * A failure reads as data: a short code and whether it is permanent. */
import type { Transporter } from 'nodemailer'
import { LIMITS } from '~/lib/limits'
import { createOutboxMailer, eraseOutboxMail, findOutboxMail, type OutboxMail } from './outbox.server'
import { addressDomain, type MailKind } from './mail-rules'

export interface OutgoingMail {
  /** The queue row's id: the Message-ID is made from it, the same on every attempt. */
  id: string
  kind: MailKind
  to: string
  subject: string
  text: string
  replyTo?: { name: string; address: string }
}

export interface MailTransport {
  readonly delivery: 'smtp' | 'outbox'
  /** Resolves once the server has accepted the mail; rejects otherwise (see describeFailure). */
  send(mail: OutgoingMail): Promise<void>
  /** The mail kept after delivery (outbox.jsonl), for a data subject's export and erasure; none with SMTP. */
  readonly log?: MailLog
}

export interface MailLog {
  find(email: string): Promise<OutboxMail[]>
  erase(email: string): Promise<number>
}

export interface SmtpConfig {
  /** smtp://… (STARTTLS when offered) or smtps://… (TLS from the start), with user and password. */
  url: string
  /** The From header: `Name <address>` or an address. */
  from: string
}

/** Connection options from SMTP_URL; user and password are percent-decoded. */
export function smtpOptions(url: string) {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const user = decodeURIComponent(parsed.username)
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
  }
}

export function createSmtpTransport(config: SmtpConfig): MailTransport {
  const timeoutMs = LIMITS.mail.connectTimeoutSeconds * 1000
  // Loaded with the first mail: a server without SMTP_URL never loads nodemailer.
  let transporter: Promise<Transporter> | undefined
  const connect = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      // One connection per mail (no pool): a restarted SMTP server is simply connected to again.
      nodemailer.createTransport({
        ...smtpOptions(config.url),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: LIMITS.mail.sendTimeoutSeconds * 1000,
      }),
    )
  const domain = addressDomain(config.from)
  return {
    delivery: 'smtp',
    async send(mail) {
      transporter ??= connect().catch((error: unknown) => {
        transporter = undefined
        throw error
      })
      await (await transporter).sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        messageId: messageId(mail.id, domain),
        // RFC 3834: no out-of-office replies to a machine's mail (a staff member's reply is not one).
        ...(mail.kind === 'reply' ? {} : { headers: { 'Auto-Submitted': 'auto-generated' } }),
        // A server that takes the connection and then stalls must not hold the worker.
        signal: AbortSignal.timeout(LIMITS.mail.sendTimeoutSeconds * 1000),
      })
    },
  }
}

export function createOutboxTransport(options: { dataDir: string; logEmails: boolean; now: () => Date }): MailTransport {
  const outbox = createOutboxMailer(options)
  return {
    delivery: 'outbox',
    log: {
      find: (email) => findOutboxMail(options.dataDir, email),
      erase: (email) => eraseOutboxMail(options.dataDir, email),
    },
    send: (mail) =>
      outbox.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        kind: mail.kind,
        ...(mail.replyTo ? { replyTo: `${mail.replyTo.name} <${mail.replyTo.address}>` } : {}),
        messageId: messageId(mail.id, 'localhost'),
      }),
  }
}

function messageId(id: string, domain: string): string {
  return `<${id}@${domain}>`
}

export interface DeliveryFailure {
  /** The SMTP reply code (550) or the error's code (ECONNECTION, ETIMEDOUT, EISDIR…), for the queue row and the log. */
  code: string
  /** The server refused this mail for good (a 5xx reply other than to the login): trying again cannot help. */
  permanent: boolean
}

export function describeFailure(error: unknown): DeliveryFailure {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; permanent?: unknown }
  const code = typeof e.responseCode === 'number' ? String(e.responseCode) : typeof e.code === 'string' ? e.code : 'error'
  // Refused credentials are the configuration's fault, not the mail's: fixed, the mail can go.
  const permanent = e.permanent === true && e.code !== 'EAUTH'
  return { code: code.slice(0, 64), permanent }
}

/** SMTP_URL's server when configured, else outbox.jsonl in `dataDir` (and the log). */
export function chooseTransport(options: {
  smtp?: SmtpConfig | null
  dataDir: string
  logEmails: boolean
  now: () => Date
}): MailTransport {
  return options.smtp ? createSmtpTransport(options.smtp) : createOutboxTransport(options)
}
