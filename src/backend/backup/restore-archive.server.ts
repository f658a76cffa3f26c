/** Loads an archive into a database of any mode, in one transaction: either all of it or none. */
import { LIMITS } from '~/lib/limits'
import type { Sql, SqlDatabase } from '../sql/client'
import { type ArchiveHeader, readArchive, readArchiveHeader } from './archive-file.server'
import { type ArchivedTable, archivedTables, currentTableName, quoteName } from './catalog.server'
import type { ImageStore } from './images.server'

/** The database has messages and `replace` was not given: nothing was changed. */
export class DatabaseNotEmptyError extends Error {
  override name = 'DatabaseNotEmptyError'
  constructor(readonly messages: number) {
    super(`the database already has ${messages} messages: restore with --replace to replace everything in it`)
  }
}

export interface RestoreOptions {
  images: ImageStore
  /** Replace whatever the database holds (atomically) instead of refusing a database with messages. */
  replace: boolean
  /** In the restore's transaction once every row is in: re-applies what must stay undone (erasures). */
  afterLoad?: (tx: Sql, takenAt: Date) => Promise<void>
}

export interface RestoreSummary {
  header: ArchiveHeader
  rows: Record<string, number>
  images: number
  /** Tables in the archive that this database does not have (say, the built-in sign-in's in Supabase). */
  skippedTables: string[]
}

interface TableSection {
  table: string
  columns: { name: string; type: string }[]
}

function isSection(value: unknown): value is TableSection {
  return typeof value === 'object' && value !== null && typeof (value as TableSection).table === 'string'
}

function isImage(
  value: unknown,
): value is { image: { name: string; contentType: string; cacheControlSeconds: number }; bytes: string } {
  return typeof value === 'object' && value !== null && 'image' in value
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The fields of PostgreSQL's text form of a row, `(a,"b, c",,"")`, as record_in reads them. */
export function rowFields(text: string): (string | null)[] {
  const fields: (string | null)[] = []
  const end = text.length - 1 // the closing parenthesis
  let i = 1
  for (;;) {
    let value = ''
    let start = i
    let quoted = false
    let inQuotes = false
    for (; i < end; i += 1) {
      const c = text.charCodeAt(i)
      if (c === 34) {
        value += text.slice(start, i)
        if (inQuotes && text.charCodeAt(i + 1) === 34) {
          value += '"'
          i += 1
        } else {
          inQuotes = !inQuotes
          quoted = true
        }
        start = i + 1
      } else if (c === 92) {
        value += text.slice(start, i) + text.charAt(i + 1)
        i += 1
        start = i + 1
      } else if (c === 44 && !inQuotes) {
        break
      }
    }
    value += text.slice(start, i)
    fields.push(quoted || value !== '' ? value : null)
    if (i >= end) return fields
    i += 1
  }
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** One field in COPY's text format: `\N` for NULL, backslash, newline, return and tab escaped. */
function copyField(value: string | null): string {
  return value === null ? '\\N' : value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!)
}

/** Inserts a section's rows, loading only the columns the target also has and does not compute. */
function sectionLoader(tx: Sql, section: TableSection, target: ArchivedTable, index: number) {
  const rowType = `pg_temp.restore_${index}`
  const targetColumns = new Map(target.columns.map((column) => [column.name, column]))
  const isShared = (column: { name: string }) => {
    const found = targetColumns.get(column.name)
    return Boolean(found && !found.generated)
  }
  const shared = section.columns.filter(isShared)
  const keep = section.columns.map(isShared)
  const names = shared.map((column) => quote(column.name)).join(', ')
  const copy = tx.copyFromText
  let batch: string[] = []
  let count = 0
  const flush = async () => {
    if (batch.length === 0) return
    if (copy) {
      const text = batch
        .map((row) =>
          rowFields(row)
            .filter((_, column) => keep[column])
            .map(copyField)
            .join('\t'),
        )
        .join('\n')
      // COPY writes identity columns as given (as INSERT's OVERRIDING SYSTEM VALUE).
      await copy(`copy ${quoteName(target.name)} (${names}) from '/dev/blob'`, `${text}\n`)
    } else {
      const picks = shared.map((column) => `(r).${quote(column.name)}`).join(', ')
      const overriding = shared.some((column) => targetColumns.get(column.name)?.identity) ? 'overriding system value' : ''
      await tx.query(
        `insert into ${quoteName(target.name)} (${names}) ${overriding}
         select ${picks} from (select x::${rowType} as r from unnest($1::text[]) x) s`,
        [batch],
      )
    }
    count += batch.length
    batch = []
  }
  const batchRows = copy ? LIMITS.backup.copyRows : LIMITS.backup.insertRows
  return {
    async prepare() {
      if (copy) return
      const columns = section.columns.map((column) => `${quote(column.name)} ${column.type}`).join(', ')
      await tx.exec(`create temporary table ${rowType} (${columns}) on commit drop`)
    },
    async add(row: string) {
      batch.push(row)
      if (batch.length >= batchRows) await flush()
    },
    async finish() {
      await flush()
      return count
    },
  }
}

/** Drops plain indexes while rows load (one build beats row-by-row trigram updates); a failed restore keeps them. */
async function dropPlainIndexes(tx: Sql, tables: ArchivedTable[]): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; def: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, pg_catalog.pg_get_indexdef(i.indexrelid) as def
     from pg_catalog.pg_index i
     join pg_catalog.pg_class c on c.oid = i.indexrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid)`,
    [tables.map((table) => quoteName(table.name))],
  )
  for (const row of rows) await tx.exec(`drop index ${row.name}`)
  return rows.map((row) => row.def)
}

/** Identity and serial columns continue after the restored rows' largest value. */
async function resetSequences(tx: Sql, tables: ArchivedTable[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await tx.query<{ seq: string | null }>('select pg_catalog.pg_get_serial_sequence($1, $2) as seq', [
        quoteName(table.name),
        column.name,
      ])
      const seq = rows[0]?.seq
      if (!seq) continue
      await tx.query(
        `select pg_catalog.setval($1, coalesce((select max(${quote(column.name)}) from ${quoteName(table.name)}), 0) + 1, false)`,
        [seq],
      )
    }
  }
}

export async function restoreArchive(db: SqlDatabase, file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const header = await readArchiveHeader(file)
  let summary: RestoreSummary | undefined
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.contact_messages')
      const messages = rows[0]?.n ?? 0
      if (messages > 0 && !options.replace) throw new DatabaseNotEmptyError(messages)
      const tables = await archivedTables(tx, { withStorage: options.images.storageTables })
      // The archive holds derived tables already: their triggers must not add to them (transactional; FKs stay checked).
      for (const table of tables) await tx.exec(`alter table ${quoteName(table.name)} disable trigger user`)
      const indexes = await dropPlainIndexes(tx, tables)
      for (const table of [...tables].reverse()) await tx.exec(`delete from ${quoteName(table.name)}`)
      const byName = new Map(tables.map((table) => [table.name, table]))
      const result: RestoreSummary = { header, rows: {}, images: 0, skippedTables: [] }
      let loader: ReturnType<typeof sectionLoader> | null = null
      let current = ''
      let index = 0
      const endSection = async () => {
        if (loader) result.rows[current] = await loader.finish()
        loader = null
      }
      await readArchive(file, async (value) => {
        if (typeof value === 'string') return loader?.add(value)
        await endSection()
        if (isSection(value)) {
          // An archive older than a schema's rename names the table as it was called then.
          current = currentTableName(value.table)
          const target = byName.get(current)
          if (!target) {
            result.skippedTables.push(current)
            return
          }
          index += 1
          loader = sectionLoader(tx, value, target, index)
          await loader.prepare()
          return
        }
        if (isImage(value)) {
          await options.images.stage(tx, { ...value.image, bytes: Buffer.from(value.bytes, 'base64') })
          result.images += 1
        }
      })
      await endSection()
      for (const definition of indexes) await tx.exec(definition)
      await resetSequences(tx, tables)
      for (const table of tables) await tx.exec(`alter table ${quoteName(table.name)} enable trigger user`)
      await options.afterLoad?.(tx, new Date(header.takenAt))
      summary = result
    })
  } catch (error) {
    await options.images.rollback()
    throw error
  }
  await options.images.commit()
  return summary!
}
