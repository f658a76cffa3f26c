/** Outgoing mail of one backend: the queue's entry points, the MailService the app sees, and (in a
 * server process) the delivering worker (decision 090). */
import type { MailService, NewMessageContext } from '../backend'
import type { MailLog, MailTransport, SmtpConfig } from './transport.server'
import type { Sql, SqlDatabase } from '../sql/client'
import { deliverMail } from './deliver.server'
import { queueMessageNotifications, readNotificationSettings, writeNotificationSettings } from './notifications.server'
import { queueOwnerAlert } from './owner-alerts.server'
import { cancelMail, codeDeliveryState, type MailRow, queueCodeMail } from './queue.server'
import { type MailWorker, startMailWorker } from './worker.server'
import { type ImapConfig, type ImapReader, startImapReader } from './imap-reader.server'
import { queueReplyReminders } from './reply-reminders.server'
import { LIMITS } from '~/lib/limits'
import { log } from '~/lib/log.server'

export interface MailSystemOptions {
  db: SqlDatabase
  /** The worker's database, when its polling must not count as the app's activity (embedded: watchActivity). */
  workerDb?: SqlDatabase
  transport: MailTransport
  now: () => Date
  /** Deliver in this process: the server does; the CLI tools and most tests do not. */
  worker: boolean
  /** The only process on the database (embedded): its worker takes over at once after a crash. */
  exclusive: boolean
  /** Messages in the flood window before notifications become a digest: LIMITS.mail.floodMax unless a test raises it. */
  floodMax?: number
  /** The firm's mailbox, read for answers to replies by the process that delivers (IMAP_URL). */
  imap?: ImapConfig | null
  /** Reminders of leads unanswered after REPLY_DUE_HOURS, queued by the process that delivers. */
  reminders?: ReminderOptions | null
}

export interface ReminderOptions {
  dueHours: number
  linkOrigin: string | null
}

/** How the built-in sign-in mails its codes. */
export interface CodeMailer {
  /** In the code's transaction: queues its mail, dropping the earlier ones of `browser` (a hash) still waiting. */
  queue(tx: Sql, input: { to: string; code: string; now: Date; deliverBy: Date; browser?: string | null }): Promise<MailRow>
  /** After the commit: without SMTP written to the outbox now, with SMTP queued for the worker. */
  dispatch(row: MailRow): Promise<'sent' | 'queued' | 'failed'>
  cancel(id: string): Promise<void>
}

export interface MailSystem {
  service: MailService
  codes: CodeMailer
  /** In a new message's transaction. */
  queueNotifications(tx: Sql, message: { id: string; createdAt: Date }, context: NewMessageContext | undefined): Promise<void>
  /** After a commit that queued mail: the worker looks now rather than at the next NOTIFY. */
  kick(): void
  /** Delivered mail kept on disk (outbox.jsonl), when there is no SMTP server. */
  log: MailLog | null
}

export async function createMailSystem(options: MailSystemOptions): Promise<MailSystem> {
  const { db, transport, now } = options
  const direct = transport.delivery === 'outbox'
  const worker: MailWorker | null = options.worker
    ? await startMailWorker({ db: options.workerDb ?? db, transport, now, exclusive: options.exclusive })
    : null
  const reader: ImapReader | null =
    options.worker && options.imap ? startImapReader({ db: options.workerDb ?? db, config: options.imap, now }) : null
  const reminders = options.worker && options.reminders ? options.reminders : null
  const remind = () => {
    if (!reminders) return
    queueReplyReminders(options.workerDb ?? db, { now: now(), ...reminders }).catch((error: unknown) =>
      log().warn({ err: error }, 'mail: looking for unanswered messages failed; it will look again'),
    )
  }
  const reminderTimer = reminders ? setInterval(remind, LIMITS.replies.reminderCheckSeconds * 1000) : undefined
  reminderTimer?.unref()
  remind()

  return {
    service: {
      delivery: transport.delivery,
      codeDelivery: (id) => codeDeliveryState(db, id),
      settings: (email) => readNotificationSettings(db, email),
      saveSettings: (email, settings) => writeNotificationSettings(db, email, settings),
      async alertOwners(alert) {
        const queued = await queueOwnerAlert(db, alert, now())
        worker?.kick()
        return queued
      },
      // The one way to stop: the server's shutdown (stopBackendWork) and the backend's close.
      stop: async () => {
        clearInterval(reminderTimer)
        await reader?.close()
        await worker?.close()
      },
    },
    codes: {
      queue: (tx, input) => queueCodeMail(tx, { ...input, claim: direct }),
      async dispatch(row) {
        if (!direct) {
          worker?.kick()
          return 'queued'
        }
        return (await deliverMail({ db, transport, now }, row)) === 'sent' ? 'sent' : 'failed'
      },
      cancel: (id) => cancelMail(db, id),
    },
    queueNotifications: (tx, message, context) =>
      queueMessageNotifications(tx, message, context?.linkOrigin ?? null, options.floodMax),
    kick: () => worker?.kick(),
    log: transport.log ?? null,
  }
}

/** What a mode's `open…` function takes about mail. */
export interface MailOptions {
  /** SMTP_URL and MAIL_FROM; without them mail is written to outbox.jsonl in the data folder. */
  smtp?: SmtpConfig | null
  /** Run the delivering worker in this process (the server, and tests of delivery). */
  worker?: boolean
  /** MAIL_FLOOD_MAX (a test knob): messages in the flood window before notifications become a digest. */
  floodMax?: number
  /** IMAP_URL and IMAP_POLL_SECONDS: the mailbox the worker's process reads for answers; none when unset. */
  imap?: ImapConfig | null
  /** REPLY_DUE_HOURS: the worker's process reminds staff of unanswered leads; none when unset. */
  reminders?: ReminderOptions | null
}
