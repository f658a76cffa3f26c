import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { PHONE, PHONE_HERO_BUDGET_KB } from '../support/phone'
import { photoBannerPng } from '../support/photo-banner'
import { expect, test } from './fixtures'
import { openBannerDialog, resetBanners, toast } from './helpers'

/**
 * Banners that stay fast (docs/decisions/042): a designer's 4 MB photo uploaded
 * through the dialog reaches a phone as a copy of its own width, the page serves a <picture>
 * of AVIF and WebP copies, and a banner's mobile image is what phones show.
 */

const PHONE_BUDGET_BYTES = PHONE_HERO_BUDGET_KB * 1024
const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function turkishBlock(dialog: Locator): Locator {
  return dialog.getByRole('region', { name: 'Türkçe Banner' })
}

async function save(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(toast(page, 'Banner ayarları güncellendi')).toBeVisible()
}

/**
 * Opens `path` as a visitor on `device` and returns the hero's chosen source once it has loaded,
 * and every byte of banner images the page downloaded to show it.
 */
async function visitHero(browser: Browser, baseURL: string, device: BrowserContextOptions, path = '/') {
  const context = await browser.newContext({ ...device, baseURL })
  const page = await context.newPage()
  const images: { url: string; bytes: number }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/uploads/')) images.push({ url: url.pathname, bytes: (await response.body()).byteLength })
  })
  await page.goto(path)
  const hero = page.getByTestId('hero-image')
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')))
    .not.toBe('')
  const currentSrc = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname
  await expect.poll(() => images.some((image) => image.url === currentSrc)).toBe(true)
  await context.close()
  return { currentSrc, images, bytes: images.reduce((sum, image) => sum + image.bytes, 0) }
}

// Leave the shared server with the default banners, whatever a test saved.
test.afterAll(({ browser, baseURL }) => resetBanners(browser, baseURL))

test('the default banners: a phone gets the mobile image at its width, a desktop the banner, never a PNG', async ({
  browser,
  baseURL,
}) => {
  const phone = await visitHero(browser, baseURL!, PHONE)
  expect(phone.currentSrc).toBe('/uploads/hero-tr-mobile-1170w.avif')
  expect(phone.bytes).toBeLessThanOrEqual(PHONE_BUDGET_BYTES)
  const desktop = await visitHero(browser, baseURL!, DESKTOP, '/en')
  expect(desktop.currentSrc).toBe('/uploads/hero-en-1600w.avif')
  expect([...phone.images, ...desktop.images].filter((image) => image.url.endsWith('.png'))).toEqual([])
})

test('a designer’s 4 MB photo banner is served as a <picture>, and a phone downloads at most 250 KB of it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  const photo = await photoBannerPng()
  expect(photo.byteLength).toBeGreaterThan(4 * 1024 * 1024)
  const dialog = await openBannerDialog(page)
  const block = turkishBlock(dialog)
  await block.getByRole('textbox', { name: "Mobil görselin URL'si" }).fill('')
  await dialog.getByTestId('banner-file-tr-banner').setInputFiles({ name: 'kampanya.png', mimeType: 'image/png', buffer: photo })
  // Once the bytes are sent, the server makes the copies: the dialog says so until they are stored.
  await expect(block.getByRole('status').filter({ hasText: 'Telefon ve masaüstü için boyutlar hazırlanıyor...' })).toBeVisible()
  await expect(toast(page, 'Görsel başarıyla yüklendi')).toBeVisible({ timeout: 60_000 })
  const field = block.getByRole('textbox', { name: "Görsel URL'si" })
  await expect(field).toHaveValue(/^\/uploads\/hero-tr-banner-\d+\.png$/)
  const url = await field.inputValue()
  const base = url.replace(/\.png$/, '')
  await save(page, dialog)

  // What the server renders: both formats over every width of the upload, the original as the fallback.
  const html = await (await page.request.get('/')).text()
  const picture = html.match(/<picture>[\s\S]*?<\/picture>/)?.[0] ?? ''
  const widths = [640, 828, 1080, 1280, 1600, 1920, 2200]
  for (const format of ['avif', 'webp']) {
    const srcset = widths.map((w) => `${base}-${w}w.${format} ${w}w`).join(', ')
    expect(picture).toMatch(
      new RegExp(`<source type="image/${format}" srcSet="${literal(srcset)}" sizes="[^"]*min\\(100vw, 672px\\)"`),
    )
  }
  expect(picture).toContain(`<img src="${url}"`)
  expect(picture).not.toContain('media=')
  for (const file of [`${base}-640w.avif`, `${base}-2200w.webp`]) {
    const served = await page.request.get(file)
    expect(served.headers()['content-type']).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/webp')
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  }

  const phone = await visitHero(browser, baseURL!, PHONE)
  expect(phone.currentSrc).toMatch(new RegExp(`^${literal(base)}-(1080|1280)w\\.avif$`))
  expect(phone.images.map((image) => image.url)).toEqual([phone.currentSrc])
  expect(phone.bytes, 'hero bytes on a 390 px phone at DPR 3').toBeLessThanOrEqual(PHONE_BUDGET_BYTES)

  const desktop = await visitHero(browser, baseURL!, DESKTOP)
  expect(desktop.currentSrc).toMatch(new RegExp(`^${literal(base)}-(1600|1920)w\\.avif$`))
  expect(desktop.bytes).toBeLessThan(photo.byteLength / 10)
})

test('a banner’s mobile image is what phones show, below the small breakpoint only', async ({ page, browser, baseURL }) => {
  // A 390×220 design at three device pixels, as the dialog suggests.
  const mobile = await sharp({ create: { width: 1170, height: 660, channels: 3, background: '#0d9488' } })
    .png()
    .toBuffer()
  const dialog = await openBannerDialog(page)
  const block = turkishBlock(dialog)
  await block
    .getByTestId('banner-file-tr-banner-mobile')
    .setInputFiles({ name: 'mobil.png', mimeType: 'image/png', buffer: mobile })
  await expect(toast(page, 'Görsel başarıyla yüklendi')).toBeVisible({ timeout: 60_000 })
  const field = block.getByRole('textbox', { name: "Mobil görselin URL'si" })
  await expect(field).toHaveValue(/^\/uploads\/hero-tr-banner-mobile-\d+\.png$/)
  const url = await field.inputValue()
  await expect(block.getByTestId('banner-preview-mobile')).toHaveAttribute('src', url)
  await save(page, dialog)

  const base = url.replace(/\.png$/, '')
  const phone = await visitHero(browser, baseURL!, PHONE)
  expect(phone.currentSrc).toBe(`${base}-1170w.avif`)
  const desktop = await visitHero(browser, baseURL!, DESKTOP)
  expect(desktop.currentSrc).not.toContain(base)
  // A narrow desktop window is no phone: the banner itself, not the mobile image.
  const narrow = await visitHero(browser, baseURL!, { viewport: { width: 700, height: 900 }, deviceScaleFactor: 1 })
  expect(narrow.currentSrc).not.toContain(base)

  // Emptied, the field removes the mobile image: phones show the banner again.
  const reopened = await openBannerDialog(page)
  await turkishBlock(reopened).getByRole('textbox', { name: "Mobil görselin URL'si" }).fill('')
  await save(page, reopened)
  expect((await visitHero(browser, baseURL!, PHONE)).currentSrc).not.toContain(base)
})
