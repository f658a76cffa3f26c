/** The "mail server" while SMTP_URL is unset: each e-mail is a JSON line in outbox.jsonl (tests read
 * it back) and, when asked, a block in the log. */
import fs from 'node:fs/promises'
import path from 'node:path'
import { log } from '~/lib/log.server'

export interface OutboxMail {
  to: string
  subject: string
  text: string
  sentAt: string
  /** What the mail is (mail from the queue): tests look for codes among `sign_in_code` ones. */
  kind?: 'sign_in_code' | 'new_message' | 'digest' | 'reply' | 'reply_reminder' | 'owner_alert' | 'lead_assigned' | 'lead_note'
  /** `Name <address>` of the sender of a contact message, as its notification's Reply-To. */
  replyTo?: string
  messageId?: string
}

export interface Mailer {
  send(mail: Omit<OutboxMail, 'sentAt'>): Promise<void>
}

export function outboxPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'outbox.jsonl')
}

export function createOutboxMailer(options: { dataDir: string; logEmails: boolean; now: () => Date }): Mailer {
  const file = outboxPath(options.dataDir)
  return {
    async send(mail) {
      const line: OutboxMail = { ...mail, sentAt: options.now().toISOString() }
      await fs.mkdir(path.dirname(file), { recursive: true })
      // One appendFile call per line: concurrent sends never interleave within a line.
      await fs.appendFile(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 })
      if (options.logEmails) {
        // The embedded mode's way to sign in without a mail server (LOG_EMAILS): the whole mail, on purpose.
        log().info({ to: line.to, subject: line.subject, text: line.text }, 'mail (LOG_EMAILS)')
      }
    },
  }
}

/** Every mail sent so far, oldest first; empty when nothing was sent. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const text = await fs.readFile(outboxPath(dataDir), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMail)
}

/** The lines of the outbox that name `email` anywhere (recipient, Reply-To, text), oldest first. */
export async function findOutboxMail(dataDir: string, email: string): Promise<OutboxMail[]> {
  const address = email.trim().toLowerCase()
  return (await readOutbox(dataDir)).filter((mail) => JSON.stringify(mail).toLowerCase().includes(address))
}

/** Rewrites the outbox without the lines naming `email` (erasure), in one rename; returns how many went. */
export async function eraseOutboxMail(dataDir: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase()
  const file = outboxPath(dataDir)
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  const kept = lines.filter((line) => !line.toLowerCase().includes(address))
  if (kept.length === lines.length) return 0
  const temp = `${file}.${process.pid}.tmp`
  await fs.writeFile(temp, kept.map((line) => `${line}\n`).join(''), { encoding: 'utf8', mode: 0o600 })
  await fs.rename(temp, file)
  return lines.length - kept.length
}
