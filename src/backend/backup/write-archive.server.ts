/** Writes an archive of one consistent view of the database while the server keeps working (decision 177). */
import path from 'node:path'
import { CLI_ACTOR } from '~/domain/activity'
import { LIMITS } from '~/lib/limits'
import { recordActivity } from '../sql/activity.server'
import { type ArchiveHeader, ARCHIVE_FORMAT, ARCHIVE_VERSION, createArchiveWriter } from './archive-file.server'
import { type ArchivedTable, archivedTables, quoteName, ROW_FILTERS } from './catalog.server'
import type { ImageStore } from './images.server'
import type { ColumnBytes, Sql, SqlDatabase } from '../sql/client'

export interface BackupSummary {
  file: string
  bytes: number
  takenAt: Date
  rows: Record<string, number>
  images: number
  /** Images whose row was in the snapshot but whose file was removed (unused) before it was read. */
  missingImages: string[]
}

interface Plan {
  takenAt: Date
  tables: { table: ArchivedTable; cursor: string }[]
  images: string[]
}

let cursorCount = 0

async function declareCursors(tx: Sql, images: ImageStore, hold: boolean): Promise<Plan> {
  const { rows } = await tx.query<{ now: Date }>('select now() as now')
  const tables = await archivedTables(tx, { withStorage: images.storageTables })
  const plan: Plan = { takenAt: rows[0]!.now, tables: [], images: await images.list(tx) }
  for (const table of tables) {
    cursorCount += 1
    const cursor = `backup_${process.pid}_${cursorCount}`
    const filter = ROW_FILTERS[table.name]
    // The row as a whole (type unknown to the drivers: its text form arrives untouched).
    await tx.exec(
      `declare ${cursor} no scroll cursor ${hold ? 'with hold' : ''} for select t as r from ${quoteName(table.name)} t${filter ? ` where ${filter}` : ''}`,
    )
    plan.tables.push({ table, cursor })
  }
  return plan
}

/** `rawRows`: the embedded server reads batches as bytes (SqlDatabase.firstColumnBytes) from holdable cursors. */
async function writePlan(
  sql: Sql,
  plan: Plan,
  file: string,
  options: { mode: string; images: ImageStore; rawRows?: (statement: string, reuse?: ColumnBytes) => Promise<ColumnBytes> },
): Promise<BackupSummary> {
  const { mode, images, rawRows } = options
  const header: ArchiveHeader = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, takenAt: plan.takenAt.toISOString(), mode }
  const writer = await createArchiveWriter(file, header)
  const summary: BackupSummary = { file, bytes: 0, takenAt: plan.takenAt, rows: {}, images: 0, missingImages: [] }
  try {
    for (const { table, cursor } of plan.tables) {
      await writer.line({ table: table.name, columns: table.columns.map(({ name, type }) => ({ name, type })) })
      const fetch = `fetch forward ${LIMITS.backup.fetchRows} from ${cursor}`
      let count = 0
      let batch: ColumnBytes | undefined
      for (;;) {
        let fetched: number
        if (rawRows) {
          const rows = await rawRows(fetch, batch)
          batch = rows
          await writer.stringLines(rows)
          fetched = rows.count
        } else {
          const { rows } = await sql.query<{ r: string }>(fetch)
          for (const row of rows) await writer.line(row.r)
          fetched = rows.length
        }
        count += fetched
        if (fetched < LIMITS.backup.fetchRows) break
      }
      summary.rows[table.name] = count
    }
    for (const name of plan.images) {
      const image = await images.read(name)
      if (!image) {
        summary.missingImages.push(name)
        continue
      }
      const { bytes, ...meta } = image
      await writer.line({ image: meta, bytes: Buffer.from(bytes).toString('base64') })
      summary.images += 1
    }
    summary.bytes = (await writer.finish()).bytes
    return summary
  } catch (error) {
    await writer.abort()
    throw error
  }
}

/** Writes `file` (atomically: it appears only complete); see the module comment. */
export async function writeArchive(
  db: SqlDatabase,
  file: string,
  options: { mode: string; images: ImageStore },
): Promise<BackupSummary> {
  if (db.driver === 'pglite') {
    const plan = await db.transaction((tx) => declareCursors(tx, options.images, true))
    try {
      return await writePlan(db, plan, file, { ...options, rawRows: db.firstColumnBytes })
    } finally {
      await db.exec(plan.tables.map(({ cursor }) => `close ${cursor};`).join('\n')).catch(() => {})
    }
  }
  return db.transaction(async (tx) => writePlan(tx, await declareCursors(tx, options.images, false), file, options), {
    snapshot: true,
  })
}

/** The activity log's row of a backup the command line asked for (actor `cli`): when, which file, how much. */
export async function recordBackup(db: Sql, summary: BackupSummary): Promise<void> {
  await recordActivity(db, {
    actor: CLI_ACTOR,
    action: 'backup.create',
    detail: {
      file: path.basename(summary.file),
      takenAt: summary.takenAt.toISOString(),
      messages: summary.rows['public.contact_messages'] ?? 0,
    },
  })
}
