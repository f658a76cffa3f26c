/**
 * For the backup tests: data of every kind an archive must carry exactly, and a table-by-table
 * picture of a database to compare two of them (every archived table, as PostgreSQL's text of
 * each row, sorted; the images' bytes).
 */
import { randomBytes } from 'node:crypto'
import type { Backend } from '~/backend/backend'
import { archivedTables, quoteName, ROW_FILTERS } from '~/backend/backup/catalog.server'
import { imageNames } from '~/backend/backup/images.server'
import type { Sql } from '~/backend/sql/client'

export interface DatabasePicture {
  tables: Record<string, string[]>
  /** Every index of the app's schemas (a restore drops and rebuilds the plain ones). */
  indexes: string[]
  images: Record<string, string>
}

/** Messages with microsecond times, read times, IPv4 and IPv6 addresses, every status; an image; mail. */
export async function addEveryKindOfData(db: Sql, backend: Backend): Promise<void> {
  await db.query(
    `insert into public.contact_messages (id, name, email, message, status, created_at, read_at, ip_address) values
     ('00000000-0000-4000-8000-00000000000a', 'Ayşe Öztürk', 'ayse@example.com', 'Merhaba, “tırnak” ve \\ ters bölü; çok satır
ikinci satır', 'read', '2026-01-02 03:04:05.123456+00', '2026-01-02 04:05:06.654321+00', '2001:db8::1'),
     ('00000000-0000-4000-8000-00000000000b', 'Bob', 'bob@example.com', 'An archived message (, ) "quoted"', 'archived',
      '2025-12-31 23:59:59.999999+00', '2026-01-01 00:00:00.000001+00', '203.0.113.9')`,
  )
  await db.query(`insert into public.admin_emails (email) values ('second-admin@example.com') on conflict do nothing`)
  await db.query(
    `insert into public.admin_notification_settings (email, new_messages, locale) values ('second-admin@example.com', false, 'en')`,
  )
  await db.query(
    `insert into public.mail_queue (kind, recipient, data, status, created_at, next_attempt_at) values
     ('digest', 'second-admin@example.com', '{"count": 2, "ids": []}', 'pending', now(), now()),
     ('digest', 'second-admin@example.com', '{"count": 1, "ids": []}', 'sent', now(), now()),
     ('sign_in_code', 'second-admin@example.com', '{"code": "123456"}', 'pending', now(), now())`,
  )
  const { publicUrl } = await backend.storage.upload({
    name: `banner-${randomBytes(4).toString('hex')}.png`,
    bytes: new Uint8Array(randomBytes(70_000)),
    contentType: 'image/png',
    cacheControlSeconds: 31_536_000,
  })
  await db.query(
    `update public.hero_settings set image_url = $1, image_variants = '{"width": 10, "widths": [10]}' where key = 'tr-banner'`,
    [publicUrl],
  )
}

export async function pictureOf(db: Sql, backend: Backend, options: { withStorage: boolean }): Promise<DatabasePicture> {
  const { picture, names } = await db.transaction(async (tx) => {
    await tx.exec(`set local timezone = 'UTC'`)
    const { rows: indexes } = await tx.query<{ def: string }>(
      `select schemaname || '.' || indexname as def from pg_catalog.pg_indexes
       where schemaname in ('public', 'builtin_auth', 'storage') order by 1`,
    )
    const picture: DatabasePicture = { tables: {}, indexes: indexes.map((row) => row.def), images: {} }
    for (const table of await archivedTables(tx, options)) {
      const filter = ROW_FILTERS[table.name]
      const { rows } = await tx.query<{ r: string }>(
        `select t::text as r from ${quoteName(table.name)} t${filter ? ` where ${filter}` : ''} order by 1`,
      )
      picture.tables[table.name] = rows.map((row) => row.r)
    }
    return { picture, names: await imageNames(tx) }
  })
  // Outside the transaction: PGlite runs one at a time, and the file store queries on its own.
  for (const name of names) {
    const file = await backend.storage.read(name)
    picture.images[name] = file ? Buffer.from(file.bytes).toString('base64') : 'missing'
  }
  return picture
}
