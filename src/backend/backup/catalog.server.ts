/** Which tables an archive holds, found in the database's catalog rather than listed, so that a
 * table a later migration adds is backed up and restored without a change here. */
import type { Sql } from '../sql/client'

const SCHEMAS = ['public', 'builtin_auth', 'storage']

/** Schemas renamed since archives were first written, which name tables as they were (decision 163). */
const RENAMED_SCHEMAS: Readonly<Record<string, string>> = { embedded_auth: 'builtin_auth' }

/** The table an archive's `schema.name` is today (an older archive's schema may since be renamed). */
export function currentTableName(archived: string): string {
  const dot = archived.indexOf('.')
  const renamed = dot > 0 ? RENAMED_SCHEMAS[archived.slice(0, dot)] : undefined
  return renamed ? `${renamed}${archived.slice(dot)}` : archived
}

/** Tables never archived, and why. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'public.rate_limit_hits': 'short-lived abuse counters',
  'public.mail_worker_lease': 'which running server delivers mail',
  'public.backup_state': 'which running server writes snapshots',
  'public.retention_pass': 'which running server runs retention, and its pass under way',
  'public.imap_reader_state': 'which running server reads the mailbox, and how far (answers are imported once anyway)',
  'builtin_auth.otp_codes': 'sign-in codes: secrets that expire within minutes',
  'public.passkey_challenges': 'passkey challenges: single-use, expire within minutes',
  'public.passkey_proofs': 'which browsers verified with a passkey: everyone signs in again after a restore',
  'builtin_auth.sessions': 'sessions: everyone signs in again after a restore',
  'builtin_auth.secrets': 'the key that hashes sign-in codes: not needed once codes are left out',
  'storage.buckets': 'created by the migrations with its limits',
  'storage.object_contents': 'image bytes go in the archive’s image lines, the same in every mode',
}

/** Rows archived of a table, when not all: mail not yet delivered, never a sign-in code. */
export const ROW_FILTERS: Readonly<Record<string, string>> = {
  'public.mail_queue': "status in ('pending', 'sending') and kind <> 'sign_in_code'",
}

export interface TableColumn {
  name: string
  /** format_type(): `timestamp with time zone`, `character varying(20)`, `text[]`, … */
  type: string
  /** A generated column: computed by the database, never inserted. */
  generated: boolean
  /** An identity column (`generated always` needs OVERRIDING SYSTEM VALUE). */
  identity: boolean
}

export interface ArchivedTable {
  /** schema.name, both plain identifiers. */
  name: string
  columns: TableColumn[]
}

export function quoteName(qualified: string): string {
  return qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.')
}

/** The archived tables in foreign-key order; `storage` only where it is the app's own (not Supabase's). */
export async function archivedTables(db: Sql, options: { withStorage: boolean }): Promise<ArchivedTable[]> {
  const schemas = options.withStorage ? SCHEMAS : SCHEMAS.filter((schema) => schema !== 'storage')
  const { rows } = await db.query<{ oid: number; name: string }>(
    `select c.oid::int as oid, n.nspname || '.' || c.relname as name
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1::text[])
       and (n.nspname <> 'storage' or c.relname in ('objects', 'object_contents', 'buckets'))
     order by 2`,
    [schemas],
  )
  const tables = rows.filter((row) => !(row.name in LEFT_OUT))
  const oids = tables.map((table) => table.oid)
  const [columns, references] = await Promise.all([
    db.query<{ table: number; name: string; type: string; generated: boolean; identity: boolean }>(
      `select attrelid::int as table, attname as name, pg_catalog.format_type(atttypid, atttypmod) as type,
              attgenerated <> '' as generated, attidentity <> '' as identity
       from pg_catalog.pg_attribute
       where attrelid = any($1::oid[]) and attnum > 0 and not attisdropped
       order by attrelid, attnum`,
      [oids],
    ),
    db.query<{ child: number; parent: number }>(
      `select conrelid::int as child, confrelid::int as parent from pg_catalog.pg_constraint
       where contype = 'f' and conrelid = any($1::oid[]) and confrelid <> conrelid`,
      [oids],
    ),
  ])
  const parents = new Map<number, number[]>()
  for (const { child, parent } of references.rows) parents.set(child, [...(parents.get(child) ?? []), parent])
  const ordered: typeof tables = []
  const placed = new Set<number>()
  const place = (table: (typeof tables)[number], path: Set<number>) => {
    if (placed.has(table.oid) || path.has(table.oid)) return
    path.add(table.oid)
    for (const parent of parents.get(table.oid) ?? []) {
      const found = tables.find((candidate) => candidate.oid === parent)
      if (found) place(found, path)
    }
    placed.add(table.oid)
    ordered.push(table)
  }
  for (const table of tables) place(table, new Set())
  return ordered.map((table) => ({
    name: table.name,
    columns: columns.rows
      .filter((column) => column.table === table.oid)
      .map(({ name, type, generated, identity }) => ({ name, type, generated, identity })),
  }))
}
