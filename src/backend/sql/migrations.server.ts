/** The schema of the embedded and postgres modes: this folder's stand-in for Supabase's platform and
 * the built-in sign-in (./migrations), then supabase/migrations, each file once, in name order. */
import type { Sql } from './client'
import { lockUntilCommit } from './advisory-lock.server'

const prelude = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true })
const supabase = import.meta.glob<string>('/supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export interface Migration {
  /** Recorded in embedded_meta.schema_migrations, e.g. `supabase/20261121000000_schema.sql`. */
  name: string
  sql: string
}

function sorted(files: Record<string, string>, group: string): Migration[] {
  return Object.entries(files)
    .map(([file, sql]) => ({ name: `${group}/${file.slice(file.lastIndexOf('/') + 1)}`, sql }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** The prelude runs first: the Supabase migrations depend on it. Its group keeps the recorded name `embedded`. */
export const MIGRATIONS: readonly Migration[] = [...sorted(prelude, 'embedded'), ...sorted(supabase, 'supabase')]

/** Runs every unrecorded migration, each in its own transaction under an advisory lock; returns the names applied. */
export async function applyMigrations(db: Sql, migrations = MIGRATIONS): Promise<string[]> {
  // Checked first: a least-privilege login role may not even CREATE SCHEMA IF NOT EXISTS.
  if (await allRecorded(db, migrations)) return []
  await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'migrations')
    await tx.exec(`
      create schema if not exists embedded_meta;
      revoke all on schema embedded_meta from public;
      create table if not exists embedded_meta.schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      );
    `)
  })
  const applied: string[] = []
  for (const migration of migrations) {
    for (let attempt = 1; ; attempt++) {
      try {
        const ran = await db.transaction(async (tx) => {
          await lockUntilCommit(tx, 'migrations')
          const done = await tx.query('select 1 from embedded_meta.schema_migrations where name = $1', [migration.name])
          if (done.rows.length > 0) return false
          await tx.exec(migration.sql)
          await tx.query('insert into embedded_meta.schema_migrations (name) values ($1)', [migration.name])
          return true
        })
        if (ran) applied.push(migration.name)
        break
      } catch (error) {
        if (attempt < 3 && isConcurrentRoleCreation(error)) continue
        throw new MigrationError(migration.name, error)
      }
    }
  }
  return applied
}

/** Whether every one of `migrations` is recorded as applied, without creating anything. */
async function allRecorded(db: Sql, migrations: readonly Migration[]): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('embedded_meta.schema_migrations') is not null as present`,
  )
  if (!rows[0]?.present) return false
  const recorded = await db.query<{ n: number }>(
    'select count(*)::int as n from embedded_meta.schema_migrations where name = any($1::text[])',
    [migrations.map((m) => m.name)],
  )
  return recorded.rows[0]?.n === migrations.length
}

/** Roles are server-wide but the advisory lock is per database: another database migrating at once
 * can create a role between a file's "if not exists" and its CREATE ROLE. */
function isConcurrentRoleCreation(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string }
  // Which one depends on whether the other CREATE ROLE had committed; another duplicate object fails on retry.
  return (code === '23505' && constraint === 'pg_authid_rolname_index') || code === '42710'
}

export class MigrationError extends Error {
  override name = 'MigrationError'
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${(cause as Error).message}`, { cause })
  }
}

/** A Supabase project whose schema `supabase db push` has not (fully) applied. */
export class SchemaMissingError extends Error {
  override name = 'SchemaMissingError'
  constructor(readonly tables: string[]) {
    super(
      `The database has no ${tables.join(', ')}: apply supabase/migrations to the project first ` +
        '(npx supabase link, then npx supabase db push; see docs/supabase.md).',
    )
  }
}

/** The tables the server needs; a database without them was not migrated (supabase mode). */
export const REQUIRED_TABLES = [
  'public.contact_messages',
  'public.hero_settings',
  'public.admin_emails',
  'public.rate_limit_hits',
  'public.mail_queue',
]

/** Names the required tables that are missing (supabase mode, where `supabase db push` migrates). */
export async function missingTables(db: Sql): Promise<string[]> {
  const { rows } = await db.query<{ name: string; found: boolean }>(
    'select name, to_regclass(name) is not null as found from unnest($1::text[]) as name',
    [REQUIRED_TABLES],
  )
  return rows.filter((row) => !row.found).map((row) => row.name)
}
