/** The backend's figures for /readyz and /metrics (src/lib/ops.server.ts) in one statement: an
 * endpoint probed every second by a load balancer and scraped by Prometheus costs one round trip on
 * indexed or one-row tables (mail_queue_due_idx, contact_message_counts). */
import type { BackendStatus, StatusReading } from '../backend'
import type { SqlDatabase } from './client'
import { MIGRATIONS } from './migrations.server'

/** How to count what the schema lacks: the migrations this build carries that the database has not
 * recorded (embedded, postgres), or, where `supabase db push` applies them and records them out of
 * the app role's sight, the tables the app needs that are missing. */
export type PendingMigrations = { kind: 'recorded' } | { kind: 'tables'; required: readonly string[] }

interface Row {
  pending_migrations: number
  mail_queued: number
  mail_oldest_queued: Date | null
  mail_oldest_due: Date | null
  messages: Record<string, number | string> | null
  now: Date
}

function pendingSql(pending: PendingMigrations): string {
  return pending.kind === 'recorded'
    ? `(select count(*) from unnest($1::text[]) as m (name)
        where not exists (select 1 from embedded_meta.schema_migrations s where s.name = m.name))::int`
    : '(select count(*) from unnest($1::text[]) as t (name) where to_regclass(t.name) is null)::int'
}

export function createBackendStatus(db: SqlDatabase, pending: PendingMigrations): BackendStatus {
  const sql = `
    select ${pendingSql(pending)} as pending_migrations,
      (select count(*) from public.mail_queue where status in ('pending', 'sending'))::int as mail_queued,
      (select min(created_at) from public.mail_queue where status in ('pending', 'sending')) as mail_oldest_queued,
      (select min(next_attempt_at) from public.mail_queue
        where status in ('pending', 'sending') and next_attempt_at <= now()) as mail_oldest_due,
      (select json_object_agg(status, n) from public.contact_message_counts) as messages,
      now() as now`
  const names = pending.kind === 'recorded' ? MIGRATIONS.map((m) => m.name) : [...pending.required]
  return {
    async read(): Promise<StatusReading> {
      const { rows } = await db.query<Row>(sql, [names])
      const row = rows[0]
      if (!row) throw new Error('the status query returned no row')
      const date = (value: Date | string | null) => (value === null ? null : new Date(value))
      return {
        pendingMigrations: Number(row.pending_migrations),
        mail: {
          queued: Number(row.mail_queued),
          oldestQueuedAt: date(row.mail_oldest_queued),
          oldestDueAt: date(row.mail_oldest_due),
        },
        messages: Object.fromEntries(Object.entries(row.messages ?? {}).map(([status, n]) => [status, Number(n)])),
        now: date(row.now) ?? new Date(),
      }
    },
    pool: () => db.poolUse?.() ?? null,
  }
}
