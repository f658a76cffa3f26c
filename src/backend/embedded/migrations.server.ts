/**
 * Applies the embedded prelude (./sql) and then supabase/migrations, each once, in file-name
 * order. Both sets are bundled at build time by Vite's import.meta.glob, so the server build
 * needs no SQL files on disk.
 */
import type { Database } from './db.server'

const prelude = import.meta.glob<string>('./sql/*.sql', { query: '?raw', import: 'default', eager: true })
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

/** The prelude always runs first: the Supabase migrations depend on what it stands in for. */
export const MIGRATIONS: readonly Migration[] = [...sorted(prelude, 'embedded'), ...sorted(supabase, 'supabase')]

/** Runs every migration not yet recorded; returns the names applied now (empty when up to date). */
export async function applyMigrations(db: Database, migrations = MIGRATIONS): Promise<string[]> {
  await db.exec(`
    create schema if not exists embedded_meta;
    create table if not exists embedded_meta.schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `)
  const { rows } = await db.query<{ name: string }>('select name from embedded_meta.schema_migrations')
  const done = new Set(rows.map((row) => row.name))
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.name)) continue
    // One transaction per file: a failing file leaves no half-applied schema and is retried next start.
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql)
        await tx.query('insert into embedded_meta.schema_migrations (name) values ($1)', [migration.name])
      })
    } catch (error) {
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error })
    }
    applied.push(migration.name)
  }
  return applied
}
