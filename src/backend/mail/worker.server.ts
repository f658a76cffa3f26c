/** The delivering worker, one per server process, woken by NOTIFY mail_queue, a kick, or a timer
 * (decision 090). */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { LIMITS } from '~/lib/limits'
import type { SqlDatabase } from '../sql/client'
import { type DeliveryDeps, deliverMail } from './deliver.server'
import { createMailLease } from './lease.server'
import { claimNextMail, nextMailDue, releaseStaleClaims, removeFinishedMail } from './queue.server'
import { log } from '~/lib/log.server'

export interface MailWorker {
  /** Looks at the queue now (again after the current run, if one is under way). */
  kick(): void
  /** One run to the end: what tests and a kick-and-wait need. */
  run(): Promise<void>
  /** Stops after the mail being delivered, if any, and gives the lease up. */
  close(): Promise<void>
}

export interface MailWorkerOptions extends DeliveryDeps {
  db: SqlDatabase
  /** This process is the only one on the database (embedded): take the lease and cut-off claims over at start. */
  exclusive: boolean
}

const CLEANUP_EVERY_MS = 60 * 60 * 1000

export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const { db, now } = options
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 100)
  const lease = createMailLease(db, holder, LIMITS.mail.leaseSeconds)
  if (options.exclusive) {
    await lease.seize()
    await releaseStaleClaims(db, now())
  }
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastCleanup = 0

  /** Delivers until nothing is due; false when another instance holds the lease. */
  async function deliverDue(): Promise<boolean> {
    if (!(await lease.acquire())) return false
    try {
      // Renewed before every mail: a delivery takes less than a lease (LIMITS.mail).
      while (!stopped) {
        const row = await claimNextMail(db, now())
        if (!row) break
        await deliverMail(options, row)
        if (!(await lease.acquire())) return false
      }
      // The injected clock, like every other time here: a test moving it moves the cleanup too.
      if (now().getTime() - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = now().getTime()
        await removeFinishedMail(db, now())
      }
      return true
    } finally {
      await lease.release()
    }
  }

  async function schedule(leaseHeld: boolean): Promise<void> {
    if (stopped) return
    const pollMs = LIMITS.mail.pollSeconds * 1000
    let delay = pollMs
    // Another instance delivering: the poll looks again (and takes over if that one dies).
    if (leaseHeld) {
      const due = await nextMailDue(db).catch(() => null)
      if (due) delay = Math.min(Math.max(due.getTime() - now().getTime(), 50), pollMs)
    }
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(kick, delay)
    timer.unref()
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    clearTimeout(timer)
    running = (async () => {
      let held = true
      do {
        again = false
        try {
          held = await deliverDue()
        } catch (error) {
          log().warn({ err: error }, 'mail: the delivery worker failed; it will try again')
        }
      } while (again && !stopped)
      await schedule(held).catch(() => {})
    })().finally(() => {
      running = null
    })
    return running
  }

  function kick(): void {
    void run()
  }

  const unlisten = await db.listen('mail_queue', kick)
  kick()

  let closing: Promise<void> | undefined
  return {
    kick,
    run,
    close() {
      closing ??= (async () => {
        stopped = true
        clearTimeout(timer)
        await unlisten().catch(() => {})
        await running
      })()
      return closing
    },
  }
}
