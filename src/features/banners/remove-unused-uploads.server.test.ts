import { expect, it, vi } from 'vitest'
import type { Backend, FileStorage } from '~/backend/backend'
import type { Banner } from '~/domain/banners'
import type { IndustryImage } from '~/domain/site-content'
import { LIMITS } from '~/lib/limits'
import { removeUnusedUploads } from './remove-unused-uploads.server'
import { log } from '~/lib/log.server'

const banner = (key: Banner['key'], imageUrl: string | null) => ({ key, imageUrl }) as Banner

function fakeBackend(banners: () => Promise<Banner[]>, removed: string[] = [], pictures: IndustryImage[] = []) {
  const removeUnused = vi.fn<FileStorage['removeUnused']>(async () => removed)
  const backend = {
    banners: { list: banners },
    content: { images: async () => pictures },
    storage: { removeUnused },
  } as unknown as Pick<Backend, 'banners' | 'storage' | 'content'>
  return { backend, removeUnused }
}

it('keeps every image a banner shows and lets go of uploads older than the grace period', async () => {
  const { backend, removeUnused } = fakeBackend(
    async () => [banner('en-banner', null), banner('tr-banner', '/uploads/hero-tr-banner-1.png')],
    ['hero-tr-banner-0.png'],
  )
  const info = vi.spyOn(log(), 'info').mockImplementation(() => {})
  const now = new Date('2026-11-21T12:00:00Z')

  await removeUnusedUploads(backend, now)

  expect(removeUnused).toHaveBeenCalledWith({
    keepUrls: ['/uploads/hero-tr-banner-1.png'],
    storedBefore: new Date(now.getTime() - LIMITS.upload.unusedKeepSeconds * 1000),
  })
  expect(info).toHaveBeenCalledWith({ removed: 1 }, 'uploads: removed unused banner images')
  info.mockRestore()
})

it('keeps the responsive copies of every image shown, and the mobile image with its own', async () => {
  const shown = {
    ...banner('tr-banner', '/uploads/hero-tr-banner-1.png'),
    imageVariants: { width: 2200, height: 720, widths: [640, 2200] },
    mobileImageUrl: '/uploads/hero-tr-banner-mobile-2.png',
    mobileImageVariants: { width: 1170, height: 660, widths: [1170] },
  }
  const { backend, removeUnused } = fakeBackend(async () => [shown])
  await removeUnusedUploads(backend)
  expect(removeUnused.mock.calls[0]?.[0].keepUrls).toEqual([
    '/uploads/hero-tr-banner-1.png',
    '/uploads/hero-tr-banner-1-640w.avif',
    '/uploads/hero-tr-banner-1-640w.webp',
    '/uploads/hero-tr-banner-1-2200w.avif',
    '/uploads/hero-tr-banner-1-2200w.webp',
    '/uploads/hero-tr-banner-mobile-2.png',
    '/uploads/hero-tr-banner-mobile-2-1170w.avif',
    '/uploads/hero-tr-banner-mobile-2-1170w.webp',
  ])
})

it('never fails the save it follows, and removes nothing when the banners cannot be read', async () => {
  const { backend, removeUnused } = fakeBackend(() => Promise.reject(new Error('down')))
  const error = vi.spyOn(log(), 'error').mockImplementation(() => {})
  await expect(removeUnusedUploads(backend)).resolves.toBeUndefined()
  expect(removeUnused).not.toHaveBeenCalled()
  expect(error).toHaveBeenCalled()
  error.mockRestore()
})

it("keeps the site content's industry pictures and their copies, from any version", async () => {
  const { backend, removeUnused } = fakeBackend(
    async () => [banner('tr-banner', null)],
    [],
    [{ url: '/uploads/industry-retail-1.jpg', variants: { width: 900, height: 600, widths: [640, 828] } }],
  )
  await removeUnusedUploads(backend)
  expect(removeUnused.mock.calls[0]?.[0].keepUrls).toEqual([
    '/uploads/industry-retail-1.jpg',
    '/uploads/industry-retail-1-640w.avif',
    '/uploads/industry-retail-1-640w.webp',
    '/uploads/industry-retail-1-828w.avif',
    '/uploads/industry-retail-1-828w.webp',
  ])
})
