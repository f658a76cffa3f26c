/** Transaction-level advisory locks: one change at a time across every process on one database
 * (PostgreSQL releases the lock with the transaction; PGlite, one connection, grants it at once).
 * Every key the app uses is here, so no two uses can share one by chance. */
import type { Sql } from './client'

export const LOCK_KEYS = {
  /** Instances starting at once apply each migration file exactly once. */
  migrations: 7_305_118_402,
  /** The admin list changes one change at a time (two admins removing each other leave one). */
  team: 7_305_118_404,
  // 7_305_118_425 was the retention job's until decision 185 (a lease row since): not to be reused.
  /** An erasure and a restore's re-run of erasures never interleave. */
  privacy: 7_305_118_426,
  /** Notifying is serialised across instances, so the flood count is exact. */
  mailNotifications: 7_305_118_490,
  /** Taken in SQL by page_views' counting trigger (migration visit_live): one insert's count at a time. */
  visitCounts: 7_305_118_491,
} as const

export type LockName = keyof typeof LOCK_KEYS

/** Waits for the lock, held until `tx` ends. */
export async function lockUntilCommit(tx: Sql, name: LockName): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEYS[name]])
}

/** Takes the lock until `tx` ends if it is free; false, without waiting, when another holds it. */
export async function tryLockUntilCommit(tx: Sql, name: LockName): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [LOCK_KEYS[name]])
  return rows[0]?.locked === true
}
