/**
 * Automatic snapshots (decision 101): one writer per interval across instances (the lease row),
 * the newest BACKUP_KEEP kept, a failure recorded and the lease freed, and the inbox's
 * "late" rule.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { readArchive } from '~/backend/backup/archive-file.server'
import { diskImageStore } from '~/backend/backup/images.server'
import { startSnapshots } from '~/backend/backup/snapshots.server'
import { snapshotIsStale } from '~/backend/backup/snapshot-status.server'
import { openTestBackend, type TestBackend } from '../embedded-harness'

let backend: TestBackend | undefined
afterAll(() => backend?.dispose())

it('writes one snapshot per interval whichever instance asks, keeps the newest, and records failures', async () => {
  backend = await openTestBackend()
  const dir = path.join(backend.dataDir, 'backups')
  const options = {
    db: backend.db,
    images: diskImageStore(backend.backend.storage, backend.dataDir),
    mode: 'embedded',
    dir,
    keep: 2,
    enabled: false,
    log: () => {},
  }
  const first = startSnapshots({ ...options, intervalHours: 6 })
  const second = startSnapshots({ ...options, intervalHours: 6 })
  expect((await first.status()).newestAt).toBeNull()
  const file = await first.runOnce()
  expect(file).not.toBeNull()
  await readArchive(file!)
  // The newest is fresh: the other instance (and this one) write nothing before the interval is over.
  expect(await second.runOnce()).toBeNull()
  expect(await first.runOnce()).toBeNull()
  const status = await second.status()
  expect(status.newestAt).toBeInstanceOf(Date)

  // A short interval: each call writes; only the newest two stay.
  const often = startSnapshots({ ...options, intervalHours: 0.0003 })
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(await often.runOnce()).not.toBeNull()
  }
  const kept = (await fs.readdir(dir)).filter((name) => name.endsWith('.gz'))
  expect(kept).toHaveLength(2)

  // A snapshot that cannot be written: the reason is recorded and the lease is free again.
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const broken = startSnapshots({ ...options, intervalHours: 0.0003, dir: path.join(backend.dataDir, 'secret', 'x') })
  await expect(broken.runOnce()).rejects.toThrow()
  const { rows } = await backend.db.query<{ holder: string | null; last_error: string | null }>(
    'select holder, last_error from public.backup_state',
  )
  expect(rows[0]!.holder).toBeNull()
  expect(rows[0]!.last_error).toMatch(/ENOTDIR|EEXIST|not a directory/i)
  for (const service of [first, second, often, broken]) await service.stop()
})

it('calls snapshots late after two intervals without one, and never when they are off', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const started = new Date('2026-11-27T00:00:00Z')
  const status = (newestAt: string | null, enabled = true) => ({
    enabled,
    intervalHours: 6,
    newestAt: newestAt ? new Date(newestAt) : null,
  })
  expect(snapshotIsStale(status('2026-11-27T00:30:00Z'), now, started)).toBe(false)
  expect(snapshotIsStale(status('2026-11-26T23:59:00Z'), now, started)).toBe(true)
  expect(snapshotIsStale(status(null), now, new Date('2026-11-27T01:00:00Z'))).toBe(false)
  expect(snapshotIsStale(status(null), now, new Date('2026-11-26T23:00:00Z'))).toBe(true)
  expect(snapshotIsStale(status('2026-01-01T00:00:00Z', false), now, started)).toBe(false)
})
