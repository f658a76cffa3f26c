/**
 * Archives written before migration 0004 (decision 163) name the built-in sign-in's tables
 * `embedded_auth.*`; a restore loads them into `builtin_auth.*`. The old archive is made here from
 * a new one: its sections renamed back, then written again with the archive module's own writer,
 * so the checksum matches.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createArchiveWriter, readArchive } from '~/backend/backup/archive-file.server'
import { diskImageStore } from '~/backend/backup/images.server'
import { restoreArchive } from '~/backend/backup/restore-archive.server'
import { writeArchive } from '~/backend/backup/write-archive.server'
import { type EmbeddedInstance, openEmbedded } from '~/backend/embedded/open-embedded.server'
import { addUser, findUserByEmail } from '~/backend/sql/builtin-auth/users.server'
import { makeTempDataDir } from '../embedded-harness'

const EMAIL = 'archived.user@example.com'

/** Rewrites `file` as an archive of before the rename: every `builtin_auth.` section named `embedded_auth.`. */
async function renameBack(file: string, to: string): Promise<string[]> {
  const lines: unknown[] = []
  const { header } = await readArchive(file, (value) => {
    lines.push(value)
  })
  const sections: string[] = []
  const writer = await createArchiveWriter(to, header)
  for (const value of lines) {
    const table = (value as { table?: unknown } | null)?.table
    if (typeof table === 'string') {
      const renamed = table.replace(/^builtin_auth\./, 'embedded_auth.')
      sections.push(renamed)
      await writer.line({ ...(value as object), table: renamed })
    } else {
      await writer.line(value)
    }
  }
  await writer.finish()
  return sections
}

describe('restoring an archive written before the schema was renamed', () => {
  let dataDir: string
  let instance: EmbeddedInstance
  let legacy: string

  beforeAll(async () => {
    dataDir = await makeTempDataDir()
    instance = await openEmbedded({ dataDir, secureCookies: false, logEmails: false, inMemory: true, sampleData: false })
    await addUser(instance.db, EMAIL, { admin: false })
    const archive = path.join(dataDir, 'current.gz')
    await writeArchive(instance.db, archive, { mode: 'embedded', images: diskImageStore(instance.backend.storage, dataDir) })
    legacy = path.join(dataDir, 'before-0004.gz')
    const sections = await renameBack(archive, legacy)
    expect(sections).toContain('embedded_auth.users')
    expect(sections.filter((name) => name.startsWith('builtin_auth.'))).toEqual([])
  })
  afterAll(async () => {
    await instance.backend.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('loads embedded_auth.users into builtin_auth.users', async () => {
    const user = await findUserByEmail(instance.db, EMAIL)
    expect(user).not.toBeNull()
    await instance.db.query('delete from builtin_auth.users where email = $1', [EMAIL])
    expect(await findUserByEmail(instance.db, EMAIL)).toBeNull()

    const summary = await restoreArchive(instance.db, legacy, {
      images: diskImageStore(instance.backend.storage, dataDir),
      replace: true,
    })
    expect(summary.skippedTables).toEqual([])
    expect(summary.rows['builtin_auth.users']).toBeGreaterThan(0)
    expect(summary.rows).not.toHaveProperty('embedded_auth.users')
    expect(await findUserByEmail(instance.db, EMAIL)).toEqual(user)
  })
})
