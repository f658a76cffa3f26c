/** A fresh folder's copy of the year's live rows, as a restore would write them. */
import type { Sql } from '~/backend/sql/client'

const CARRIED = [
  'public.contact_messages',
  'public.rate_limit_hits',
  'public.mail_queue',
  'builtin_auth.otp_codes',
  'builtin_auth.sessions',
]

async function columnsOf(db: Sql, table: string): Promise<string[]> {
  const [schema, name] = table.split('.')
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
    [schema, name],
  )
  return rows.map((r) => `"${r.column_name}"`)
}

/** The same live rows in a fresh folder, as a restore would write them, then vacuumed like any new folder. */
export async function copyLiveRows(from: Sql, to: Sql): Promise<void> {
  await to.exec('delete from public.contact_messages; delete from public.mail_queue; delete from builtin_auth.sessions')
  for (const table of CARRIED) {
    const columns = (await columnsOf(from, table)).join(', ')
    const { rows } = await from.query<{ rows: unknown[] | null }>(
      `select json_agg(t) as rows from (select ${columns} from ${table}) t`,
    )
    if (!rows[0]!.rows) continue
    await to.query(
      `insert into ${table} (${columns}) overriding system value
       select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(rows[0]!.rows)],
    )
  }
  await to.exec('vacuum analyze')
  await to.exec('checkpoint')
}
