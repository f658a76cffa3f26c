/** Automatic snapshots (docs/backups.md, decision 101): the server writes an archive every
 * BACKUP_INTERVAL_HOURS into BACKUP_DIR and keeps the newest BACKUP_KEEP. */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { LIMITS } from '~/lib/limits'
import type { SqlDatabase } from '../sql/client'
import type { ImageStore } from './images.server'
import { writeArchive } from './write-archive.server'

export interface SnapshotOptions {
  db: SqlDatabase
  images: ImageStore
  mode: string
  dir: string
  intervalHours: number
  keep: number
  enabled: boolean
  log?: (message: string) => void
}

export interface SnapshotStatus {
  enabled: boolean
  /** When the newest snapshot's view of the database was taken; null before the first. */
  newestAt: Date | null
  intervalHours: number
}

export interface SnapshotService {
  status(): Promise<SnapshotStatus>
  /** Takes a snapshot now if this instance gets the lease; null when another instance holds it. */
  runOnce(): Promise<string | null>
  stop(): Promise<void>
}

const PREFIX = 'pusula-backup-'
const SUFFIX = '.gz'

/** `pusula-backup-2026-11-27T04-07-08Z.gz`: sorts by time, safe in every file system. */
export function archiveFileName(at: Date): string {
  return `${PREFIX}${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${SUFFIX}`
}

async function prune(dir: string, keep: number): Promise<void> {
  const names = (await fs.readdir(dir)).filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort()
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await fs.rm(path.join(dir, name), { force: true })
}

export function startSnapshots(options: SnapshotOptions): SnapshotService {
  const holder = `${process.pid}-${randomUUID().slice(0, 8)}`
  const intervalMs = options.intervalHours * 3_600_000
  const log = options.log ?? ((message) => console.error(message))
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false

  async function claim(): Promise<boolean> {
    const { rowCount } = await options.db.query(
      `update public.backup_state set holder = $1, lease_until = now() + make_interval(mins => $2)
       where id and lease_until < now()
         and (last_snapshot_at is null or last_snapshot_at <= now() - make_interval(secs => $3))`,
      [holder, LIMITS.backup.leaseMinutes, intervalMs / 1000 - 1],
    )
    return rowCount === 1
  }

  async function runOnce(): Promise<string | null> {
    if (!(await claim())) return null
    try {
      await fs.mkdir(options.dir, { recursive: true })
      const file = path.join(options.dir, archiveFileName(new Date()))
      const summary = await writeArchive(options.db, file, { mode: options.mode, images: options.images })
      await options.db.query(
        `update public.backup_state set holder = null, lease_until = '-infinity', last_snapshot_at = $2, last_error = null
         where holder = $1`,
        [holder, summary.takenAt],
      )
      await prune(options.dir, options.keep)
      return file
    } catch (error) {
      const reason = (error as Error).message.slice(0, 200)
      await options.db
        .query(`update public.backup_state set holder = null, lease_until = '-infinity', last_error = $2 where holder = $1`, [
          holder,
          reason,
        ])
        .catch(() => {})
      throw error
    }
  }

  async function nextDelay(): Promise<number> {
    const { rows } = await options.db.query<{ wait: number }>(
      `select greatest(0, extract(epoch from (coalesce(last_snapshot_at, '-infinity') + make_interval(secs => $1) - now())) * 1000)::float8 as wait
       from public.backup_state`,
      [intervalMs / 1000],
    )
    return Math.min(rows[0]?.wait ?? 0, intervalMs)
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      running = (async () => {
        let delay: number
        try {
          const file = await runOnce()
          if (file) log(`[backup] snapshot written: ${file}`)
          delay = await nextDelay()
        } catch (error) {
          log(`[backup] snapshot failed, trying again in ${LIMITS.backup.retryMinutes} min: ${(error as Error).message}`)
          delay = LIMITS.backup.retryMinutes * 60_000
        }
        // Another instance may be writing: look again after its lease at the latest.
        schedule(Math.max(delay, 1_000))
      })()
    }, delayMs)
    timer.unref()
  }

  if (options.enabled) {
    // Not in the server's first seconds: it is busy starting.
    void nextDelay()
      .then((wait) => schedule(Math.max(wait, LIMITS.backup.firstDelaySeconds * 1000)))
      .catch((error) => log(`[backup] snapshots not scheduled: ${(error as Error).message}`))
  }

  return {
    async status() {
      const { rows } = await options.db.query<{ last: Date | null }>('select last_snapshot_at as last from public.backup_state')
      return { enabled: options.enabled, newestAt: rows[0]?.last ?? null, intervalHours: options.intervalHours }
    },
    runOnce,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running.catch(() => {})
    },
  }
}
