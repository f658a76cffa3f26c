/**
 * Backups of the supabase mode hold the banner images' bytes (docs/backups.md): an embedded
 * database goes into an archive, into a Supabase project (a database set up as Supabase sets one
 * up, its Storage a bucket behind the fake fetch), into a second archive taken in the supabase
 * mode and back into a new embedded folder; every table the supabase mode has is equal row for
 * row, and every image byte for byte, with its type and cache lifetime.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { diskImageStore, supabaseImageStore } from '~/backend/backup/images.server'
import { restoreArchive } from '~/backend/backup/restore-archive.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { IMAGE_BUCKET } from '~/domain/banners'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { openSupabase, type SupabaseInstance } from '~/backend/supabase/open-supabase.server'
import { addEveryKindOfData, pictureOf } from '../support/backup-fixtures'
import { createSupabaseDatabase, type SupabaseDatabase } from '../support/test-database'
import { createFakeFetch } from '../support/supabase-fake-fetch'
import { serveFakeBucket, testOptions } from '../support/supabase-harness'

let dir: string
const cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pusula-backup-supabase-'))
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

// Tables the supabase mode does not have (Supabase Auth keeps its accounts), and storage.objects,
// which is Supabase's own there: a restore from it makes the rows the images need anew.
const NOT_IN_SUPABASE = ['builtin_auth.users', 'storage.objects']

it('carries the banner images’ bytes from embedded to Supabase and back', async () => {
  const source = await embedded('source', true)
  await addEveryKindOfData(source.db, source.backend)
  const original = await pictureOf(source.db, source.backend, { withStorage: true })
  expect(Object.keys(original.images)).toHaveLength(1)

  const database: SupabaseDatabase = await createSupabaseDatabase()
  const fake = createFakeFetch()
  const bucket = serveFakeBucket(fake, IMAGE_BUCKET)
  const options = testOptions(fake, { secureCookies: false })
  // A restore connects as the tables' owner (`postgres` on Supabase), as docs/backups.md says.
  const supabase: SupabaseInstance = await openSupabase({
    ...options,
    databaseUrl: database.postgresUrl,
    mail: { dataDir: dir, logEmails: false },
  })
  cleanups.push(async () => {
    await supabase.backend.close()
    await database.drop()
  })
  const supabaseImages = () => supabaseImageStore(supabase.backend.storage, options)

  const first = path.join(dir, 'embedded.gz')
  await writeArchive(source.db, first, { mode: 'embedded', images: diskImageStore(source.backend.storage, source.dataDir) })
  const toSupabase = await restoreArchive(supabase.db, first, { images: supabaseImages(), replace: false })
  expect(toSupabase.images).toBe(1)
  expect(toSupabase.skippedTables).toEqual(['builtin_auth.users', 'storage.objects'])
  // The image went to Storage with its bytes, type and cache lifetime.
  const [name, stored] = [...bucket.entries()][0]!
  expect(Buffer.from(stored.bytes).toString('base64')).toBe(original.images[name])
  expect(stored.contentType).toBe('image/png')
  expect(stored.cacheControl).toBe('max-age=31536000')

  const second = path.join(dir, 'supabase.gz')
  const written = await writeArchive(supabase.db, second, { mode: 'supabase', images: supabaseImages() })
  expect(written.images).toBe(1)
  expect(written.missingImages).toEqual([])

  const back = await embedded('back', false)
  await restoreArchive(back.db, second, { images: diskImageStore(back.backend.storage, back.dataDir), replace: false })
  const restored = await pictureOf(back.db, back.backend, { withStorage: true })
  for (const [table, rows] of Object.entries(original.tables)) {
    if (NOT_IN_SUPABASE.includes(table)) continue
    expect(restored.tables[table], table).toEqual(rows)
  }
  expect(restored.images).toEqual(original.images)
  // The image's row tells the app its type and cache lifetime, as the original's did.
  const file = await back.backend.storage.read(name)
  expect(file).toMatchObject({ contentType: 'image/png', cacheControlSeconds: 31_536_000 })
  expect(fake.unhandled).toEqual([])
}, 240_000)
