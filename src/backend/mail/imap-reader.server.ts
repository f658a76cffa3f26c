/**
 * Reads the firm's mailbox (IMAP_URL) for the visitors' answers to replies: a mail whose
 * In-Reply-To or References names a reply's Message-ID (<reply id@domain>) joins that reply's
 * thread once, its message becomes 'Yeni' again and staff are notified as for a new message.
 * The mailbox is opened read-only (EXAMINE): nothing is flagged, moved or deleted, and mail that
 * answers no reply is not even downloaded. One reader at a time across instances (a lease row);
 * IDLE wakes it where the server offers it, a poll every IMAP_POLL_SECONDS in any case
 * (docs/decisions/221-imap-answers.md).
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { ImapFlow } from 'imapflow'
import { SITE_ACTOR } from '~/domain/leads'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'
import { recordActivity } from '../sql/activity.server'
import type { Sql } from '../sql/client'
import { queueMessageNotifications } from './notifications.server'

export interface ImapConfig {
  /** imaps://user:password@host:993/INBOX (imap:// only for a server on this machine). */
  url: string
  pollSeconds: number
  /** Where the staff notifications link to (SITE_URL); null: no link. */
  linkOrigin: string | null
}

export interface ImapReader {
  /** Looks at the mailbox now (again after the pass under way, if any). */
  kick(): void
  /** One pass to the end: what tests need. */
  run(): Promise<void>
  close(): Promise<void>
}

export function imapOptions(url: string) {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'imaps:'
  const path = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX'
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    path,
  }
}

const UUID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>\s]+>$/i

/** The reply ids an answer names: Message-IDs of the form <uuid@domain> in In-Reply-To and References. */
export function repliedIds(inReplyTo: string | undefined, references: string | undefined): string[] {
  const ids = new Set<string>()
  for (const token of `${inReplyTo ?? ''} ${references ?? ''}`.match(/<[^<>\s]+>/g) ?? []) {
    const id = UUID.exec(token)?.[1]
    if (id) ids.add(id.toLowerCase())
  }
  return [...ids]
}

const LEASE_EXTRA_SECONDS = 30
const AUTO_IDLE_MS = 500

interface Candidate {
  uid: number
  ids: string[]
}

export function startImapReader(options: { db: Sql; config: ImapConfig; now: () => Date }): ImapReader {
  const { db, config, now } = options
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 100)
  const leaseSeconds = config.pollSeconds * 2 + LEASE_EXTRA_SECONDS
  const { path, ...connection } = imapOptions(config.url)
  // Both modules load as the reader starts: compiling them during a pass, as a first answer
  // arrives, would hold every request the server has meanwhile (decision 221).
  const modules = Promise.all([import('imapflow'), import('mailparser')])
  modules.catch(() => {})
  let client: ImapFlow | null = null
  let stopped = false
  let running: Promise<void> | null = null
  let again = false

  async function acquire(): Promise<boolean> {
    const { rowCount } = await db.query(
      `update public.imap_reader_state set holder = $1, expires_at = now() + make_interval(secs => $2)
       where holder = $1 or holder is null or expires_at < now()`,
      [holder, leaseSeconds],
    )
    return rowCount > 0
  }

  async function connect(): Promise<ImapFlow> {
    if (client?.usable) return client
    const [{ ImapFlow }] = await modules
    const next = new ImapFlow({
      ...connection,
      logger: false,
      doSTARTTLS: connection.secure ? undefined : false,
      // IDLE soon after each pass (imapflow waits 15 s by default): an answer shows within a second or two.
      autoIdleDelay: AUTO_IDLE_MS,
    })
    next.on('error', (error: unknown) => log().warn({ err: error }, 'imap: the connection failed'))
    next.on('close', () => {
      if (client === next) client = null
    })
    // New mail while idling (IDLE where the server has it): look at once rather than at the next poll.
    next.on('exists', () => kick())
    await next.connect()
    await next.mailboxOpen(path, { readOnly: true })
    client = next
    return next
  }

  /** Mails past the high-water mark that name a reply; the mark moves past every mail looked at. */
  async function pass(): Promise<void> {
    if (!(await acquire())) {
      await dropConnection()
      return
    }
    const imap = await connect()
    const mailbox = imap.mailbox
    if (!mailbox) throw new Error('imap: no mailbox open')
    const validity = String(mailbox.uidValidity)
    const { rows } = await db.query<{ uid_validity: string | null; last_uid: string }>(
      'select uid_validity, last_uid from public.imap_reader_state',
    )
    // A new UIDVALIDITY renumbers the mailbox: read it again (imports stay unique by Message-ID).
    const from = rows[0]?.uid_validity === validity ? Number(rows[0].last_uid) : 0
    // uidNext is the one read at SELECT; `exists` follows the mail that arrived since (EXISTS).
    if (mailbox.exists === 0) return
    const candidates: Candidate[] = []
    let highest = from
    // The new mails' UIDs first, then their headers a few at a time (decision 221): SELECT's uidNext
    // is old on a connection kept open. `n:*` names the last mail even when its UID is below n.
    const found = await imap.search({ uid: `${from + 1}:*` }, { uid: true })
    const uids = (found || []).filter((uid) => uid > from).sort((a, b) => a - b)
    const step = LIMITS.replies.imapFetchMails
    for (let at = 0; at < uids.length; at += step) {
      if (stopped) return
      const range = uids.slice(at, at + step).join(',')
      for await (const mail of imap.fetch(range, { uid: true, envelope: true, headers: ['references'] }, { uid: true })) {
        if (mail.uid <= from) continue
        highest = Math.max(highest, mail.uid)
        const references = mail.headers?.toString('utf8').replace(/^references:\s*/i, '')
        const ids = repliedIds(mail.envelope?.inReplyTo, references)
        if (ids.length > 0) candidates.push({ uid: mail.uid, ids })
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
    for (const candidate of candidates) {
      if (stopped) return
      await importIfAnswer(imap, validity, candidate)
      await acquire()
    }
    await db.query('update public.imap_reader_state set uid_validity = $1, last_uid = $2 where holder = $3', [
      validity,
      highest,
      holder,
    ])
  }

  async function importIfAnswer(imap: ImapFlow, validity: string, candidate: Candidate): Promise<void> {
    const { rows } = await db.query<{ message_id: string; locale: string }>(
      `select message_id, locale from public.message_replies where id = any($1::uuid[]) and kind = 'reply' order by created_at limit 1`,
      [candidate.ids],
    )
    const reply = rows[0]
    if (!reply) return
    const fetched = await imap.fetchOne(String(candidate.uid), { source: true }, { uid: true })
    if (fetched === false || !fetched.source) return
    const [, { simpleParser }] = await modules
    const parsed = await simpleParser(fetched.source, { skipHtmlToText: false, skipTextToHtml: true, skipImageLinks: true })
    const sourceId = (parsed.messageId ?? `${validity}:${candidate.uid}`).slice(0, 998)
    const body = (parsed.text ?? '').trim().slice(0, LIMITS.replies.answerBodyMax) || '—'
    const attachments = parsed.attachments.map((file) => ({ name: file.filename ?? '', size: file.size }))
    const at = now()
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into public.message_replies (id, message_id, kind, locale, body, created_at, source_message_id, attachments)
         values ($1, $2, 'answer', $3, $4, $5, $6, $7::jsonb) on conflict (source_message_id) do nothing`,
        [randomUUID(), reply.message_id, reply.locale, body, at, sourceId, JSON.stringify(attachments)],
      )
      if (inserted.rowCount === 0) return
      await recordActivity(tx, { actor: SITE_ACTOR, action: 'message.visitor_reply', messageIds: [reply.message_id], at })
      // Back to 'Yeni', and staff told as for a new message; spam and the trash stay where they are.
      const { rows: changed } = await tx.query(
        `update public.contact_messages set status = 'new', read_at = null
         where id = $1 and status <> 'spam' and deleted_at is null returning id`,
        [reply.message_id],
      )
      if (changed.length > 0) await queueMessageNotifications(tx, { id: reply.message_id, createdAt: at }, config.linkOrigin)
      await tx.query('update public.imap_reader_state set uid_validity = $1, last_uid = greatest(last_uid, $2)', [
        validity,
        candidate.uid,
      ])
    })
  }

  async function dropConnection(): Promise<void> {
    const open = client
    client = null
    await open?.logout().catch(() => open.close())
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await pass()
        } catch (error) {
          log().warn({ err: error }, 'imap: reading the mailbox failed; it will try again')
          await dropConnection()
        }
      } while (again && !stopped)
    })().finally(() => {
      running = null
    })
    return running
  }

  function kick(): void {
    void run()
  }

  const timer = setInterval(kick, config.pollSeconds * 1000)
  timer.unref()
  kick()

  let closing: Promise<void> | undefined
  return {
    kick,
    run,
    close() {
      closing ??= (async () => {
        stopped = true
        clearInterval(timer)
        await running
        await dropConnection()
        await db
          .query(`update public.imap_reader_state set holder = null, expires_at = '-infinity' where holder = $1`, [holder])
          .catch(() => {})
      })()
      return closing
    },
  }
}
