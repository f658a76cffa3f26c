/**
 * Saved replies and the 'replied' mark are in backups: a restore brings back the saved replies
 * as they were, and a lead answered before the backup is not 'awaiting a reply' after it.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { diskImageStore } from '~/backend/backup/images.server'
import { restoreArchive } from '~/backend/backup/restore-archive.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { type EmbeddedInstance, openEmbedded, SEED_ADMIN_EMAIL } from '~/backend/embedded/open-embedded.server'
import { makeTempDataDir } from '../embedded-harness'

let instance: EmbeddedInstance | undefined
let dataDir: string | undefined
afterAll(async () => {
  await instance?.backend.close()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

it('restores saved replies and keeps answered leads out of the waiting list', async () => {
  dataDir = await makeTempDataDir()
  instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true, sampleData: false })
  const { backend, db } = instance
  const by = { actor: SEED_ADMIN_EMAIL }
  const saved = await backend.savedReplies.create({ title: 'Teşekkür', bodyTr: 'Merhaba {ad}', bodyEn: 'Hello {ad}' }, by)
  if (!saved.ok) throw new Error(saved.reason)
  const answered = await backend.messages.create({
    name: 'Yanıtlanan',
    email: 'a@example.com',
    message: 'Bir teklif rica ediyoruz.',
  })
  const waiting = await backend.messages.create({
    name: 'Bekleyen',
    email: 'b@example.com',
    message: 'Bir teklif rica ediyoruz.',
  })
  const sent = await backend.replies.send(
    { id: randomUUID(), messageId: answered.id, author: SEED_ADMIN_EMAIL, locale: 'tr', body: 'Merhaba.' },
    by,
  )
  expect(sent.ok).toBe(true)
  const images = diskImageStore(backend.storage, dataDir)
  const archive = path.join(dataDir, 'backup.gz')
  const summary = await writeArchive(db, archive, { mode: 'embedded', images })
  expect(summary.rows['public.saved_replies']).toBe(1)

  await backend.savedReplies.remove(saved.savedReply.id, by)
  await restoreArchive(db, archive, { images, replace: true })
  expect(await backend.savedReplies.list()).toEqual([saved.savedReply])
  const list = await backend.messages.list({ status: 'all', search: '', page: 1, pageSize: 50, reply: 'waiting' })
  expect(list.items.map((message) => message.id)).toEqual([waiting.id])
}, 60_000)
