/** What /readyz and /metrics read from the backend. */
/** The figures /readyz and /metrics report (src/lib/ops.server.ts), read in one round trip. */
export interface StatusReading {
  /** Migrations this build knows that the database has not applied (embedded, postgres), or required tables missing (supabase). */
  pendingMigrations: number
  mail: {
    /** Mails waiting or being sent. */
    queued: number
    oldestQueuedAt: Date | null
    /** The earliest time a mail now due became due (null: none is due): how long delivery has been behind. */
    oldestDueAt: Date | null
  }
  /** Messages per status, as the inbox counts them. */
  messages: Record<string, number>
  /** The database's clock, which every instance shares. */
  now: Date
}

/** A connection pool's use at this moment (postgres and supabase modes). */
export interface PoolUse {
  max: number
  total: number
  idle: number
  waiting: number
}

export interface BackendStatus {
  /** Rejects when the database does not answer; callers bound the wait (src/lib/ops.server.ts). */
  read(): Promise<StatusReading>
  /** Null without a pool (embedded: PGlite in the process). */
  pool(): PoolUse | null
}
