import sharp from 'sharp'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { BANNER_DIALOG_TITLE, openBannerDialog, resetBanners, signInAsAdmin, toast } from './helpers'

/**
 * Hero banner management (docs/product.md#banner-management), against the shared e2e server: the dialog, uploads and
 * their refusals (in the browser and on the server), saving, reset, and the live update of
 * open public pages. Restarting a server is in banners-restart.spec.ts.
 */

const FIXTURES = 'tests/fixtures/images'
const PNG = readFileSync(`${FIXTURES}/banner.png`)
const WEBP = readFileSync(`${FIXTURES}/banner.webp`)
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><script>alert(document.cookie)</script></svg>',
)
const UPLOAD_URL = /^\/uploads\/hero-(tr|en)-banner-\d+\.(png|webp)$/

/** A real PNG padded to `bytes`: still starts with a valid signature and header. */
function paddedPng(bytes: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)])
}

function block(dialog: Locator, name: 'Türkçe Banner' | 'English Banner'): Locator {
  return dialog.getByRole('region', { name })
}

function urlField(dialog: Locator, name: 'Türkçe Banner' | 'English Banner'): Locator {
  return block(dialog, name).getByRole('textbox', { name: "Görsel URL'si" })
}

/** Posts to the upload route the way a same-origin page would (CSRF needs the Origin). */
function postUpload(
  request: APIRequestContext,
  baseURL: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  key = 'tr-banner',
) {
  return request.post('/api/banner-upload', {
    headers: { origin: baseURL },
    multipart: { key, file },
  })
}

// Leave the shared server with the default banners, whatever a test saved.
test.afterAll(({ browser, baseURL }) => resetBanners(browser, baseURL))

test('the dialog is labelled, shows both banners, keeps focus inside and closes on Escape', async ({ page }) => {
  const dialog = await openBannerDialog(page)
  await expect(block(dialog, 'Türkçe Banner').getByText('TR', { exact: true })).toBeVisible()
  await expect(block(dialog, 'English Banner').getByText('EN', { exact: true })).toBeVisible()
  await expect(urlField(dialog, 'Türkçe Banner')).toHaveAttribute('type', 'url')
  await expect(block(dialog, 'English Banner').getByRole('button', { name: 'Dosya Seç' })).toBeVisible()
  await expect(dialog.getByText('Değişiklikler sunucuya kaydedilir ve herkese açık sitede')).toBeVisible()
  for (const name of ['Varsayılanlara Dön', 'İptal', 'Kaydet']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible()
  }
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  for (let i = 0; i < 16; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Banner Yönetimi' })).toBeFocused()
})

test('uploads a real PNG and a real WebP with progress, and saves them', async ({ page }) => {
  const dialog = await openBannerDialog(page)
  // Hold the PNG's upload back until the uploading state has been seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/banner-upload', async (route) => {
    await held
    await route.continue()
  })

  await dialog.getByTestId('banner-file-tr-banner').setInputFiles(`${FIXTURES}/banner.png`)
  const trBlock = block(dialog, 'Türkçe Banner')
  await expect(trBlock.getByRole('button', { name: 'Yükleniyor...' })).toBeDisabled()
  await expect(trBlock.getByRole('progressbar', { name: 'Yükleme ilerlemesi' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Kaydet' })).toBeDisabled()
  release()
  await expect(toast(page, 'Görsel başarıyla yüklendi')).toBeVisible()
  await expect(urlField(dialog, 'Türkçe Banner')).toHaveValue(/^\/uploads\/hero-tr-banner-\d+\.png$/)
  await page.unroute('**/api/banner-upload')

  await dialog.getByTestId('banner-file-en-banner').setInputFiles(`${FIXTURES}/banner.webp`)
  await expect(urlField(dialog, 'English Banner')).toHaveValue(/^\/uploads\/hero-en-banner-\d+\.webp$/)

  const trUrl = await urlField(dialog, 'Türkçe Banner').inputValue()
  const enUrl = await urlField(dialog, 'English Banner').inputValue()
  // The previews show the uploaded files, and they are served as stored.
  await expect(trBlock.getByTestId('banner-preview')).toHaveAttribute('src', trUrl)
  await expect.poll(() => trBlock.getByTestId('banner-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200)
  for (const [url, bytes, type] of [
    [trUrl, PNG, 'image/png'],
    [enUrl, WEBP, 'image/webp'],
  ] as const) {
    const served = await page.request.get(url)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe(type)
    expect(served.headers()['x-content-type-options']).toBe('nosniff')
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // Stored re-encoded without metadata (EXIF, GPS): the same image, format and size.
    const [stored, sent] = await Promise.all([sharp(await served.body()).metadata(), sharp(bytes).metadata()])
    expect([stored.format, stored.width, stored.height]).toEqual([sent.format, sent.width, sent.height])
    expect(stored.exif).toBeUndefined()
  }

  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(toast(page, 'Banner ayarları güncellendi')).toContainText('Değişiklikler başarıyla kaydedildi.')
  await expect(dialog).toBeHidden()

  const reopened = await openBannerDialog(page)
  await expect(urlField(reopened, 'Türkçe Banner')).toHaveValue(trUrl)
  await expect(urlField(reopened, 'English Banner')).toHaveValue(enUrl)
})

test('the browser refuses a text file and a 6 MB image; the server refuses an SVG renamed to .png', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/status of 415/)
  const dialog = await openBannerDialog(page)
  const before = await urlField(dialog, 'Türkçe Banner').inputValue()
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/banner-upload')) uploads.push(request.url())
  })
  const input = dialog.getByTestId('banner-file-tr-banner')

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(toast(page, 'Lütfen sadece görsel dosyası seçin')).toBeVisible()

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: paddedPng(6 * 1024 * 1024) })
  await expect(toast(page, 'Dosya çok büyük: en fazla 5 MB yükleyebilirsiniz.')).toContainText('Dosya yüklenirken hata oluştu')
  expect(uploads, 'nothing was sent for files the browser refused').toEqual([])

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: SVG })
  await expect(
    toast(page, 'Bu dosya bir JPG, PNG veya WebP görseli değil. SVG, HTML ve diğer dosya türleri kabul edilmez.'),
  ).toContainText('Dosya yüklenirken hata oluştu')
  expect(uploads).toHaveLength(1)
  await expect(urlField(dialog, 'Türkçe Banner')).toHaveValue(before)
})

test('the upload route checks the session, the origin, the bytes, the size and the pixels itself', async ({
  page,
  baseURL,
  playwright,
}) => {
  await signInAsAdmin(page)
  const request = page.request
  const origin = baseURL!

  const svg = await postUpload(request, origin, { name: 'logo.png', mimeType: 'image/png', buffer: SVG })
  expect(svg.status()).toBe(415)
  expect((await svg.json()).message).toContain('JPG, PNG veya WebP')

  const html = await postUpload(request, origin, {
    name: 'page.webp',
    mimeType: 'image/webp',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  })
  expect(html.status()).toBe(415)

  const text = await postUpload(request, origin, { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text') })
  expect(text.status()).toBe(415)

  const huge = await postUpload(request, origin, { name: 'huge.png', mimeType: 'image/png', buffer: paddedPng(6 * 1024 * 1024) })
  expect(huge.status()).toBe(413)
  expect((await huge.json()).message).toContain('en fazla 5 MB')

  const tiny = await postUpload(request, origin, {
    name: 'tiny.png',
    mimeType: 'image/png',
    buffer: readFileSync(`${FIXTURES}/tiny-8x8.png`),
  })
  expect(tiny.status()).toBe(422)
  expect((await tiny.json()).message).toContain('en az 16 piksel')

  // The extension comes from the bytes, not from the name.
  const misnamed = await postUpload(request, origin, { name: 'photo.gif', mimeType: 'image/gif', buffer: WEBP }, 'en-banner')
  expect(misnamed.status()).toBe(201)
  expect((await misnamed.json()).url).toMatch(/^\/uploads\/hero-en-banner-\d+\.webp$/)

  const badKey = await request.post('/api/banner-upload', {
    headers: { origin },
    multipart: { key: 'de-banner', file: { name: 'a.png', mimeType: 'image/png', buffer: PNG } },
  })
  expect(badKey.status()).toBe(400)

  const crossSite = await request.post('/api/banner-upload', {
    headers: { origin: 'https://evil.example' },
    multipart: { key: 'tr-banner', file: { name: 'a.png', mimeType: 'image/png', buffer: PNG } },
  })
  expect(crossSite.status()).toBe(403)

  const anonymous = await playwright.request.newContext({ baseURL })
  const noSession = await postUpload(anonymous, origin, { name: 'a.png', mimeType: 'image/png', buffer: PNG })
  expect(noSession.status()).toBe(401)
  await anonymous.dispose()

  // A declared body over the limit is refused before any of it is sent.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const declared = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${origin}/api/banner-upload`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) },
    })
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', reject)
    req.flushHeaders()
  })
  expect(declared).toBe(413)

  expect((await request.get('/uploads/no-such-file.png')).status()).toBe(404)
  expect((await request.get('/uploads/..%2F..%2Fpackage.json')).status()).toBe(404)
})

test('saves an image URL, refusing addresses that are not http(s) or an upload path', async ({ page, baseURL }) => {
  const dialog = await openBannerDialog(page)
  const field = urlField(dialog, 'Türkçe Banner')

  await field.fill('javascript:alert(1)')
  await field.blur()
  const problem =
    'Geçerli bir görsel adresi girin: http:// veya https:// ile başlayan bir URL ya da /uploads/ ile başlayan bir yükleme yolu.'
  await expect(block(dialog, 'Türkçe Banner').getByRole('alert')).toHaveText(problem)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(dialog).toBeVisible()

  const uploaded = await postUpload(page.request, baseURL!, { name: 'a.png', mimeType: 'image/png', buffer: PNG })
  const absolute = `${baseURL}${(await uploaded.json()).url}`
  await field.fill(absolute)
  await expect(block(dialog, 'Türkçe Banner').getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(toast(page, 'Banner ayarları güncellendi')).toBeVisible()
  await expect(dialog).toBeHidden()

  const reopened = await openBannerDialog(page)
  await expect(urlField(reopened, 'Türkçe Banner')).toHaveValue(absolute)
})

test('"Varsayılanlara Dön" puts both default images back', async ({ page }) => {
  const dialog = await openBannerDialog(page)
  await dialog.getByRole('button', { name: 'Varsayılanlara Dön' }).click()
  await expect(toast(page, 'Varsayılan görsellere döndürüldü')).toBeVisible()
  await expect(urlField(dialog, 'Türkçe Banner')).toHaveValue('/uploads/hero-tr.png')
  await expect(urlField(dialog, 'English Banner')).toHaveValue('/uploads/hero-en.png')
  await expect(block(dialog, 'Türkçe Banner').getByText('Varsayılan görsel', { exact: true })).toBeVisible()

  await dialog.getByRole('button', { name: 'İptal' }).click()
  await expect(dialog).toBeHidden()
  const reopened = await openBannerDialog(page)
  await expect(urlField(reopened, 'English Banner')).toHaveValue('/uploads/hero-en.png')
})

test('open pages on / and /en see their own banner change live, without a reload', async ({ page, browser, baseURL }) => {
  const dialog = await openBannerDialog(page)
  const visitors = await browser.newContext({ baseURL })
  const tr = await visitors.newPage()
  const en = await visitors.newPage()
  for (const [visitor, path, key] of [
    [tr, '/', 'tr-banner'],
    [en, '/en', 'en-banner'],
  ] as const) {
    const subscribed = visitor.waitForResponse((r) => r.url().includes(`/api/banner-events?key=${key}`))
    await visitor.goto(path)
    await subscribed
  }
  const trBefore = await tr.getByTestId('hero-image').getAttribute('src')
  const enBefore = await en.getByTestId('hero-image').getAttribute('src')

  await dialog.getByTestId('banner-file-tr-banner').setInputFiles(`${FIXTURES}/banner.png`)
  await expect(urlField(dialog, 'Türkçe Banner')).toHaveValue(UPLOAD_URL)
  await dialog.getByTestId('banner-file-en-banner').setInputFiles(`${FIXTURES}/banner.webp`)
  await expect(urlField(dialog, 'English Banner')).toHaveValue(UPLOAD_URL)
  const trUrl = await urlField(dialog, 'Türkçe Banner').inputValue()
  const enUrl = await urlField(dialog, 'English Banner').inputValue()
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(toast(page, 'Banner ayarları güncellendi')).toBeVisible()

  const stamped = (url: string) => new RegExp(`^${url.replace(/[.]/g, '\\.')}\\?v=\\d+$`)
  await expect(tr.getByTestId('hero-image')).toHaveAttribute('src', stamped(trUrl))
  await expect(en.getByTestId('hero-image')).toHaveAttribute('src', stamped(enUrl))
  expect(trBefore).not.toContain(trUrl)
  expect(enBefore).not.toContain(enUrl)
  await visitors.close()
})

test('when the banners cannot be read, the dialog shows the defaults and can try again', async ({ page, allowConsole }) => {
  allowConsole(/status of 500/)
  await signInAsAdmin(page)
  await page.route('**/_serverFn/**', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
  )
  await page.getByRole('button', { name: 'Banner Yönetimi' }).click()
  const dialog = page.getByRole('dialog', { name: BANNER_DIALOG_TITLE })
  await expect(dialog.getByText('Banner ayarları yüklenemedi; varsayılan görseller gösteriliyor.')).toBeVisible()
  await expect(block(dialog, 'Türkçe Banner').getByText('Varsayılan görsel', { exact: true })).toBeVisible()
  await expect(block(dialog, 'Türkçe Banner').getByTestId('banner-preview')).toHaveAttribute('src', '/uploads/hero-tr.png')

  await page.unroute('**/_serverFn/**')
  await dialog.getByRole('button', { name: 'Tekrar dene' }).click()
  await expect(dialog.getByText('Banner ayarları yüklenemedi')).toBeHidden()
  await expect(urlField(dialog, 'Türkçe Banner')).not.toHaveValue('')
})
