import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { openTestBackend, type TestBackend } from '~/backend/embedded/test-harness.server'
import { removeUnusedUploads } from './remove-unused-uploads.server'

let t: TestBackend
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

beforeAll(async () => {
  t = await openTestBackend()
})
afterAll(async () => {
  await t?.dispose()
})

it('after a save, deletes day-old uploads no banner shows and keeps the banners’ images', async () => {
  for (const name of ['tr-shown.png', 'tr-dropped.png', 'en-just-uploaded.png']) {
    await t.backend.storage.upload({ name, bytes, contentType: 'image/png', cacheControlSeconds: 60 })
  }
  await t.db.query("update storage.objects set created_at = now() - interval '25 hours' where name like 'tr-%'")
  await t.backend.banners.upsert([
    { key: 'tr-banner', imageUrl: '/uploads/tr-shown.png', title: 'tr', badge: 'TR' },
    { key: 'en-banner', imageUrl: null, title: 'en', badge: 'EN' },
  ])
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})

  await removeUnusedUploads(t.backend)

  expect(await t.backend.storage.read('tr-dropped.png')).toBeNull()
  expect(await t.backend.storage.read('tr-shown.png')).not.toBeNull()
  expect(await t.backend.storage.read('en-just-uploaded.png')).not.toBeNull()
  expect(info).toHaveBeenCalledWith('[uploads] removed 1 unused banner image(s)')
  info.mockRestore()
})

it('never fails the save it follows', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const broken = { ...t.backend, banners: { ...t.backend.banners, list: () => Promise.reject(new Error('down')) } }
  await expect(removeUnusedUploads(broken)).resolves.toBeUndefined()
  expect(error).toHaveBeenCalled()
  error.mockRestore()
})
