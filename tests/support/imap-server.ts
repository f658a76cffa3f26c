/**
 * Debian's Dovecot, run privately for a test: its own configuration, state and mail in a temp
 * folder, one mailbox (a passwd-file user), plain IMAP on 127.0.0.1 at a free port, no TLS. The
 * tests append mail to it and read it back with imapflow, as the firm's mailbox would be read.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { userInfo } from 'node:os'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ImapFlow } from 'imapflow'
import { freePort } from '../../scripts/lib/server-process.mjs'

export const IMAP_USER = 'firma'
export const IMAP_PASSWORD = 'p@ss word'

export interface TestImapServer {
  port: number
  /** IMAP_URL for the app: plain IMAP on loopback, user and password percent-encoded. */
  url: string
  /** Adds raw RFC 5322 mails to INBOX in one session, as the firm's mail server would on delivery. */
  append(raw: string | string[]): Promise<void>
  /** Every mail in INBOX: its UID, Message-ID and flags (to see that the app changed nothing). */
  list(): Promise<{ uid: number; messageId: string; flags: string[] }[]>
  stop(): Promise<void>
}

const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot'

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on ${port} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function startImapServer(): Promise<TestImapServer> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-dovecot-'))
  const port = await freePort()
  // As root, Dovecot switches to the mail user (nobody); otherwise everything runs as the caller.
  const asRoot = process.getuid?.() === 0
  const uid = asRoot ? 65534 : (process.getuid?.() ?? 65534)
  const gid = asRoot ? 65534 : (process.getgid?.() ?? 65534)
  const home = path.join(root, 'home', IMAP_USER)
  await fs.mkdir(home, { recursive: true })
  await fs.chmod(root, 0o755)
  if (asRoot) {
    await fs.chown(path.join(root, 'home'), uid, gid)
    await fs.chown(home, uid, gid)
  }
  await fs.writeFile(path.join(root, 'users'), `${IMAP_USER}:{PLAIN}${IMAP_PASSWORD}:${uid}:${gid}::${home}::\n`)
  const self = userInfo().username
  const config = [
    `base_dir = ${path.join(root, 'run')}`,
    `state_dir = ${path.join(root, 'state')}`,
    `log_path = ${path.join(root, 'dovecot.log')}`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    'first_valid_uid = 100',
    ...(asRoot ? [] : [`default_internal_user = ${self}`, `default_login_user = ${self}`]),
    'mail_location = maildir:~/Maildir',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${path.join(root, 'users')}\n}`,
    `userdb {\n  driver = passwd-file\n  args = username_format=%u ${path.join(root, 'users')}\n}`,
    `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    '',
  ].join('\n')
  const file = path.join(root, 'dovecot.conf')
  await fs.writeFile(file, config)
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await Promise.race([
      listening(port, 15_000),
      exited.then(async () => {
        const log = await fs.readFile(path.join(root, 'dovecot.log'), 'utf8').catch(() => '')
        throw new Error(`Dovecot exited: ${stderr}${log}`)
      }),
    ])
  } catch (error) {
    child.kill('SIGTERM')
    await fs.rm(root, { recursive: true, force: true })
    throw error
  }

  async function withClient<T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
      logger: false,
    })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.logout().catch(() => {})
    }
  }

  return {
    port,
    url: `imap://${encodeURIComponent(IMAP_USER)}:${encodeURIComponent(IMAP_PASSWORD)}@127.0.0.1:${port}/INBOX`,
    append: (raw) =>
      withClient(async (client) => {
        for (const mail of typeof raw === 'string' ? [raw] : raw) await client.append('INBOX', mail)
      }),
    list: () =>
      withClient(async (client) => {
        await client.mailboxOpen('INBOX', { readOnly: true })
        const mails = await client.fetchAll('1:*', { uid: true, envelope: true, flags: true })
        return mails.map((mail) => ({
          uid: mail.uid,
          messageId: mail.envelope?.messageId ?? '',
          flags: [...(mail.flags ?? [])].sort(),
        }))
      }).catch((error: { code?: string; responseText?: string }) => {
        // An empty mailbox has no message 1.
        if (/Invalid messageset|No matching messages/i.test(error.responseText ?? '')) return []
        throw error
      }),
    async stop() {
      child.kill('SIGTERM')
      await exited
      await fs.rm(root, { recursive: true, force: true })
    },
  }
}
