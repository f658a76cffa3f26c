/**
 * Backups across modes (docs/backups.md): an embedded database goes into an archive, into a
 * PostgreSQL 17 server, into a second archive and back into a new embedded database, and every
 * archived table is equal row for row (PostgreSQL's text of each row) and every image byte for
 * byte. Then what a restore refuses, and --replace: either the old data or the new, never a mix.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createArchiveWriter, readArchive } from '~/backend/backup/archive-file.server'
import { databaseImageStore, diskImageStore } from '~/backend/backup/images.server'
import { DatabaseNotEmptyError, restoreArchive } from '~/backend/backup/restore-archive.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { openPostgres, type PostgresInstance } from '~/backend/postgres/open-postgres.server'
import { addEveryKindOfData, type DatabasePicture, pictureOf } from '../support/backup-fixtures'
import { createPlainDatabase, type PlainDatabase } from '../support/test-database'

let dir: string
const cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-backup-'))
})
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  await fs.rm(dir, { recursive: true, force: true })
})

async function embedded(name: string, sampleData: boolean): Promise<EmbeddedInstance & { dataDir: string }> {
  const dataDir = path.join(dir, name)
  const instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true, sampleData })
  cleanups.push(() => instance.backend.close())
  return { ...instance, dataDir }
}

async function postgres(): Promise<PostgresInstance & { database: PlainDatabase }> {
  const database = await createPlainDatabase()
  const instance = await openPostgres({ url: database.url, dataDir: dir, secureCookies: false, logEmails: false })
  cleanups.push(async () => {
    await instance.backend.close()
    await database.drop()
  })
  return { ...instance, database }
}

const picture = (instance: EmbeddedInstance | PostgresInstance) => pictureOf(instance.db, instance.backend, { withStorage: true })

function expectSamePicture(actual: DatabasePicture, expected: DatabasePicture): void {
  expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort())
  for (const [table, rows] of Object.entries(expected.tables)) expect(actual.tables[table], table).toEqual(rows)
  expect(actual.images).toEqual(expected.images)
  expect(actual.indexes).toEqual(expected.indexes)
}

describe('backup and restore across modes', () => {
  let source: EmbeddedInstance & { dataDir: string }
  let server: PostgresInstance & { database: PlainDatabase }
  let original: DatabasePicture
  const first = () => path.join(dir, 'embedded.gz')
  const second = () => path.join(dir, 'postgres.gz')

  beforeAll(async () => {
    source = await embedded('source', true)
    await addEveryKindOfData(source.db, source.backend)
    original = await picture(source)
    server = await postgres()
  })

  it('carries every table and image from embedded to PostgreSQL 17 and back, exactly', async () => {
    // What the picture covers: the tables of every kind, messages of every status, one image.
    expect(original.tables['public.contact_messages']!.length).toBeGreaterThan(2)
    expect(original.tables['public.mail_queue']).toHaveLength(1)
    expect(original.tables['builtin_auth.users']!.length).toBeGreaterThan(0)
    expect(Object.keys(original.images)).toHaveLength(1)

    const written = await writeArchive(source.db, first(), {
      mode: 'embedded',
      images: diskImageStore(source.backend.storage, source.dataDir),
    })
    expect(written.rows['public.contact_messages']).toBe(original.tables['public.contact_messages']!.length)
    const toServer = await restoreArchive(server.db, first(), {
      images: databaseImageStore(server.backend.storage),
      replace: false,
    })
    expect(toServer.skippedTables).toEqual([])
    expectSamePicture(await picture(server), original)

    await writeArchive(server.db, second(), { mode: 'postgres', images: databaseImageStore(server.backend.storage) })
    const back = await embedded('back', false)
    await restoreArchive(back.db, second(), { images: diskImageStore(back.backend.storage, back.dataDir), replace: false })
    expectSamePicture(await picture(back), original)
    // The restored inbox works: its counts and its newest message are the original's.
    const list = await back.backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50 })
    const before = await source.backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50 })
    expect(list.total).toBe(before.total)
    expect(list.unread).toBe(before.unread)
    expect(list.items).toEqual(before.items)
  })

  it('refuses a database that has messages, changing nothing', async () => {
    const before = await picture(server)
    const error = await restoreArchive(server.db, first(), {
      images: databaseImageStore(server.backend.storage),
      replace: false,
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DatabaseNotEmptyError)
    expectSamePicture(await picture(server), before)
  })

  it('--replace is atomic: a load that fails at its last line leaves the old data whole', async () => {
    await server.db.query(`update public.contact_messages set status = 'archived' where status = 'new'`)
    const before = await picture(server)
    // A valid archive (checksum and all) whose very last section breaks a constraint.
    const broken = path.join(dir, 'broken.gz')
    const { header } = await readArchive(first())
    const writer = await createArchiveWriter(broken, header)
    await readArchive(first(), (line) => writer.line(line))
    await writer.line({
      table: 'public.contact_messages',
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'status', type: 'text' },
      ],
    })
    await writer.line('(00000000-0000-4000-8000-0000000000ff,no-such-status)')
    await writer.finish()
    await expect(
      restoreArchive(server.db, broken, { images: databaseImageStore(server.backend.storage), replace: true }),
    ).rejects.toThrow()
    expectSamePicture(await picture(server), before)

    await restoreArchive(server.db, first(), { images: databaseImageStore(server.backend.storage), replace: true })
    expectSamePicture(await picture(server), original)
  })

  it('--replace into embedded leaves no staged image behind when it fails', async () => {
    const target = await embedded('replace', true)
    const before = await picture(target)
    const broken = path.join(dir, 'broken.gz')
    await expect(
      restoreArchive(target.db, broken, { images: diskImageStore(target.backend.storage, target.dataDir), replace: true }),
    ).rejects.toThrow()
    expectSamePicture(await picture(target), before)
    const folder = path.join(target.dataDir, 'uploads')
    const files = await fs.readdir(folder, { recursive: true }).catch(() => [])
    expect(files.filter((name) => String(name).includes('.restore'))).toEqual([])
  })
})
