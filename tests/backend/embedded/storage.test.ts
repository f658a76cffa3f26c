import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_BUCKET } from '~/domain/banners'
import { isSafeFileName } from '~/backend/sql/storage-objects.server'
import { openTestBackend, type TestBackend } from '../embedded-harness'

let t: TestBackend
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])

beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t?.dispose()
})

describe('file storage', () => {
  it('writes the file under uploads/<bucket> and serves it back with its type and cache lifetime', async () => {
    const { publicUrl } = await t.backend.storage.upload({
      name: 'hero-tr-banner-1700000000000.webp',
      bytes,
      contentType: 'image/webp',
      cacheControlSeconds: 3600,
    })
    expect(publicUrl).toBe('/uploads/hero-tr-banner-1700000000000.webp')
    const onDisk = await fs.readFile(path.join(t.dataDir, 'uploads', IMAGE_BUCKET, 'hero-tr-banner-1700000000000.webp'))
    expect(new Uint8Array(onDisk)).toEqual(bytes)
    expect(await t.backend.storage.read('hero-tr-banner-1700000000000.webp')).toEqual({
      bytes,
      contentType: 'image/webp',
      cacheControlSeconds: 3600,
    })
  })

  it('lets exactly one of two simultaneous uploads with the same name win, and keeps its bytes', async () => {
    const name = 'race.png'
    const other = new Uint8Array([9, 9, 9])
    const results = await Promise.allSettled([
      t.backend.storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 60 }),
      t.backend.storage.upload({ name, bytes: other, contentType: 'image/png', cacheControlSeconds: 60 }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(String(rejected.reason)).toMatch(/already exists/)
    const winner = results[0]!.status === 'fulfilled' ? bytes : other
    expect((await t.backend.storage.read(name))?.bytes).toEqual(winner)
  })

  it('refuses a file larger than the bucket allows, leaving nothing behind', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    await expect(
      t.backend.storage.upload({ name: 'big.png', bytes: big, contentType: 'image/png', cacheControlSeconds: 60 }),
    ).rejects.toThrow(/maximum allowed size/)
    await expect(fs.stat(path.join(t.dataDir, 'uploads', IMAGE_BUCKET, 'big.png'))).rejects.toThrow()
  })

  it('writes nothing outside the bucket folder for hostile names', async () => {
    await expect(
      t.backend.storage.upload({ name: '../../secret', bytes, contentType: 'image/png', cacheControlSeconds: 60 }),
    ).rejects.toThrow(/Invalid file name/)
    expect(await fs.readFile(path.join(t.dataDir, 'secret'), 'utf8')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('accepts only plain names', () => {
    for (const ok of ['hero-en-banner-1.png', 'a.b.c', 'A_Z-09.jpeg']) expect(isSafeFileName(ok), ok).toBe(true)
    for (const bad of ['', '.', '..', '.env', '../x', 'a/b', 'a\\b', 'a b.png', 'ş.png', 'a\0b', 'x'.repeat(201)]) {
      expect(isSafeFileName(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('does not serve a file that has no metadata row', async () => {
    await fs.writeFile(path.join(t.dataDir, 'uploads', IMAGE_BUCKET, 'orphan.png'), bytes)
    expect(await t.backend.storage.read('orphan.png')).toBeNull()
  })

  it('removes old files no banner shows, row and bytes, and keeps used and recent ones', async () => {
    const store = (name: string) => t.backend.storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 60 })
    for (const name of ['old-unused.png', 'old-used.png', 'new-unused.png']) await store(name)
    await t.db.query(
      "update storage.objects set created_at = now() - interval '2 days' where name in ('old-unused.png', 'old-used.png')",
    )

    const removed = await t.backend.storage.removeUnused({
      keepUrls: ['/uploads/old-used.png', 'https://cdn.example.com/old-unused.png'],
      storedBefore: new Date(Date.now() - 24 * 3600 * 1000),
    })

    expect(removed).toEqual(['old-unused.png'])
    expect(await t.backend.storage.read('old-unused.png')).toBeNull()
    await expect(fs.stat(path.join(t.dataDir, 'uploads', IMAGE_BUCKET, 'old-unused.png'))).rejects.toThrow()
    expect(await t.backend.storage.read('old-used.png')).not.toBeNull()
    expect(await t.backend.storage.read('new-unused.png')).not.toBeNull()
  })
})
