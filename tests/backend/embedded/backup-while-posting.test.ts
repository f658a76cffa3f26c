/**
 * A backup of the embedded database taken while visitors' messages keep arriving (the cursors'
 * snapshot, decision 100): every message acknowledged before the backup began is in the archive,
 * and what the archive holds is one moment's view: each message exactly as stored, the counts
 * agreeing with the messages, no message without the notifications its transaction queued.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { diskImageStore } from '~/backend/backup/images.server'
import { restoreArchive } from '~/backend/backup/restore-archive.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { openEmbedded } from '~/backend/embedded/open-embedded.server'
import { fakeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { makeTempDataDir, openTestBackend, type TestBackend } from '../embedded-harness'

const WRITERS = 4
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

async function rowsOf(db: TestBackend['db'], sql: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local timezone = 'UTC'`)
    return (await tx.query<{ r: string }>(sql)).rows.map((row) => row.r)
  })
}

it('holds every message acknowledged before it began, and none half there', async () => {
  const source = await openTestBackend()
  cleanups.push(() => source.dispose())
  const now = new Date()
  for (let batch = 0; batch < 2; batch += 1) {
    await insertContactMessages(
      source.db,
      Array.from({ length: 1_000 }, (_, i) => fakeContactMessage(batch * 1_000 + i, { now })),
    )
  }

  const acknowledged: string[] = []
  let backupRunning = false
  let duringBackup = 0
  let stop = false
  let failure: unknown = null
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    for (let n = 0; !stop; n += 1) {
      const { id } = await source.backend.messages.create({
        name: `Yazar ${writer}`,
        email: `writer${writer}@example.com`,
        message: `Mesaj ${writer}-${n}: yedek alınırken gelen bir mesaj.`,
        ipAddress: '198.51.100.7',
      })
      acknowledged.push(id)
      if (backupRunning) duringBackup += 1
      // Visitors' requests arrive as I/O events, not as one chain of promises.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }).map((writer) =>
    writer.catch((error: unknown) => {
      failure = error
      stop = true
    }),
  )
  while (acknowledged.length < 40 && !failure) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(failure).toBeNull()

  const before = [...acknowledged]
  const file = path.join(source.dataDir, 'while-posting.gz')
  backupRunning = true
  const summary = await writeArchive(source.db, file, {
    mode: 'embedded',
    images: diskImageStore(source.backend.storage, source.dataDir),
  })
  backupRunning = false
  stop = true
  await Promise.all(writers)
  expect(failure).toBeNull()
  expect(duringBackup, 'messages were acknowledged while the backup ran').toBeGreaterThan(0)

  const dataDir = await makeTempDataDir()
  const target = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true, sampleData: false })
  cleanups.push(async () => {
    await target.backend.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })
  await restoreArchive(target.db, file, { images: diskImageStore(target.backend.storage, dataDir), replace: false })

  const restored = new Set(await rowsOf(target.db, 'select id::text as r from public.contact_messages'))
  expect(restored.size).toBe(summary.rows['public.contact_messages'])
  expect(before.filter((id) => !restored.has(id))).toEqual([])
  // Each restored message is the stored one, whole.
  const sourceRows = new Set(await rowsOf(source.db, 'select t::text as r from public.contact_messages t'))
  const restoredRows = await rowsOf(target.db, 'select t::text as r from public.contact_messages t')
  expect(restoredRows.filter((row) => !sourceRows.has(row))).toEqual([])
  // One moment: the counts kept by triggers agree with the messages, and every restored message
  // has the notifications its transaction queued (mail is not delivered in this test).
  const counted = await rowsOf(
    target.db,
    `select status || '=' || n as r from public.contact_message_counts where n > 0 order by 1`,
  )
  const actual = await rowsOf(
    target.db,
    `select status || '=' || count(*) as r from public.contact_messages group by status order by 1`,
  )
  expect(counted).toEqual(actual)
  const sourceMail = await rowsOf(source.db, `select message_id::text as r from public.mail_queue where kind = 'new_message'`)
  const restoredMail = await rowsOf(target.db, `select message_id::text as r from public.mail_queue where kind = 'new_message'`)
  const expectedMail = sourceMail.filter((id) => restored.has(id)).sort()
  expect(restoredMail.sort()).toEqual(expectedMail)
}, 120_000)
