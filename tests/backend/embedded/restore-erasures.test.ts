/**
 * KVKK and backups (docs/kvkk.md): a backup keeps what is erased after it was taken, and a
 * restore must not bring it back. The erasure recorded after the backup is applied again to the
 * restored rows; the plain restore beside it shows what would come back without that.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskImageStore } from '~/backend/backup/images.server'
import { restoreArchive } from '~/backend/backup/restore-archive.server'
import { restoreKeepingErasures } from '~/backend/backup/restore-keeping-erasures.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { isEmptyExport } from '~/domain/privacy'
import { makeTempDataDir } from '../embedded-harness'

const GONE = 'gone.person@example.com'
const KEPT = 'kept.person@example.com'

describe('a restore after an erasure', () => {
  let dataDir: string
  let instance: EmbeddedInstance
  let archive: string

  beforeAll(async () => {
    dataDir = await makeTempDataDir()
    instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true, sampleData: false })
    for (const email of [GONE, KEPT]) {
      await instance.backend.messages.create(
        { name: 'Deniz Kaya', email, message: 'Dijital dönüşüm projemiz için görüşmek isteriz.', ipAddress: '203.0.113.5' },
        { linkOrigin: null },
      )
    }
    archive = path.join(dataDir, 'before-erasure.gz')
    await writeArchive(instance.db, archive, { mode: 'embedded', images: diskImageStore(instance.backend.storage, dataDir) })
    const erased = await instance.backend.privacy.erase(GONE, { via: 'cli' })
    expect(erased).toMatchObject({ ok: true, counts: { messages: 1 } })
  })
  afterAll(async () => {
    await instance.backend.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const emails = async () =>
    (await instance.db.query<{ email: string }>('select email from public.contact_messages order by email')).rows.map(
      (row) => row.email,
    )

  it('erases again what was erased after the backup, and keeps the record of the request', async () => {
    await restoreKeepingErasures(instance.db, archive, {
      images: diskImageStore(instance.backend.storage, dataDir),
      replace: true,
    })
    expect(await emails()).toEqual([KEPT])
    expect(isEmptyExport(await instance.backend.privacy.exportData(GONE))).toBe(true)
    const { rows } = await instance.db.query<{ n: number }>('select count(*)::int as n from public.privacy_requests')
    expect(rows[0]!.n).toBe(1)
  })

  it('a plain restore of the same archive would bring the erased message back', async () => {
    await restoreArchive(instance.db, archive, { images: diskImageStore(instance.backend.storage, dataDir), replace: true })
    expect(await emails()).toEqual([GONE, KEPT])
  })
})
