/**
 * The site the firm edits itself (/admin/content): a shared draft that changes nothing public,
 * its preview, publishing, history and the defaults; lists and an industry picture; hostile
 * text. Every test leaves the defaults published, so the landing page's own tests see the
 * specification's page.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openPage, signInAsAdmin, toast, waitForHydration } from './helpers'

const DEFAULT_TITLE = 'Hakkımızda'
const DEFAULT_PHONE = '+90 212 909 14 40'

/** A fieldset of the editor (its legend's path) and one of its languages. */
function field(page: Page, path: string, language: 'Türkçe' | 'English' = 'Türkçe') {
  return page.locator(`[data-field="${path}"]`).getByLabel(language)
}

async function openEditor(page: Page, section = 'about') {
  await signInAsAdmin(page)
  await openPage(page, `/admin/content?section=${section}`)
  await expect(page.locator('[data-field]').first()).toBeVisible()
}

async function goToSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Bölümler' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
}

async function publish(page: Page) {
  // The publish's own answer, then its toast (one of an earlier publish may still be on screen).
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/_serverFn/'))
  await page.getByRole('button', { name: 'Yayınla', exact: true }).click()
  expect((await answered).ok()).toBe(true)
  await expect(toast(page, 'Değişiklikler yayınlandı.').last()).toBeVisible()
  await expect(page.getByTestId('content-status')).not.toContainText('Kaydedilmemiş')
}

/** What an anonymous visitor sees at `path`, read fresh from the server. */
async function visitorSees(browser: Browser, baseURL: string | undefined, path: string, texts: string[]) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await expect
    .poll(
      async () => {
        await page.goto(path)
        const body = (await page.locator('body').textContent()) ?? ''
        return texts.every((text) => body.includes(text))
      },
      { timeout: 5_000, message: `${path} shows ${texts.join(', ')}` },
    )
    .toBe(true)
  await context.close()
}

/** Brings back the specification's page, as 'Varsayılanlara Dön' and 'Yayınla' do. */
async function publishDefaults(page: Page) {
  // Leaving an editor with unsaved changes asks first; here the answer is to leave.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()))
  await openPage(page, '/admin/content')
  await page.getByRole('button', { name: 'Varsayılanlara Dön' }).click()
  await expect(toast(page, 'Varsayılan metinler')).toBeVisible()
  await publish(page)
}

// Whatever a test published, even when it failed halfway, the next test file sees the specification's page.
test.afterEach(async ({ browser, baseURL, clientIp }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } })
  const page = await context.newPage()
  await signInAsAdmin(page)
  await publishDefaults(page)
  await context.close()
})

test('a draft changes nothing public; the preview shows it; publishing does; history restores; the defaults come back', async ({
  page,
  browser,
  baseURL,
}) => {
  await openEditor(page)
  await field(page, 'about.title').fill('Biz Kimiz')
  await goToSection(page, 'İletişim Bilgileri')
  await page.getByLabel('Telefon').fill('+90 216 555 01 02')
  await page.getByRole('button', { name: 'Taslağı Kaydet' }).click()
  await expect(toast(page, 'Taslak kaydedildi.')).toBeVisible()

  // Saved, not published: visitors (and the preview URL without a session) see the page as it was.
  await visitorSees(browser, baseURL, '/', [DEFAULT_TITLE, DEFAULT_PHONE])
  await visitorSees(browser, baseURL, '/?preview=draft', [DEFAULT_TITLE, DEFAULT_PHONE])
  const anonymous = await browser.newContext({ baseURL })
  const visitor = await anonymous.newPage()
  await visitor.goto('/?preview=draft')
  await expect(visitor.getByTestId('content-preview-bar')).toHaveCount(0)
  await expect(visitor.getByText('Biz Kimiz')).toHaveCount(0)
  await anonymous.close()

  // The admin's preview is the real page with the draft, marked as a preview.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Önizle (Türkçe)' }).click(),
  ])
  await preview.waitForURL(/\?preview=draft$/)
  await waitForHydration(preview)
  await expect(preview.getByTestId('content-preview-bar')).toContainText('taslağı gösteriyor')
  await expect(preview.getByRole('heading', { name: 'Biz Kimiz' })).toBeVisible()
  await expect(preview.locator('#contact')).toContainText('+90 216 555 01 02')
  await preview.close()

  await publish(page)
  await visitorSees(browser, baseURL, '/', ['Biz Kimiz', '+90 216 555 01 02'])
  // The English page keeps its own title; the phone is one fact for both languages.
  await visitorSees(browser, baseURL, '/en', ['About Us', '+90 216 555 01 02'])

  // A second version, then the first one back from 'Geçmiş'.
  await goToSection(page, 'Hakkımızda')
  await field(page, 'about.title').fill('Ekibimiz')
  await publish(page)
  await visitorSees(browser, baseURL, '/', ['Ekibimiz'])
  await page.getByRole('button', { name: 'Geçmiş' }).click()
  const history = page.getByTestId('content-history')
  await expect(history.getByRole('listitem')).toHaveCount(2)
  const first = history.getByRole('listitem').last()
  await expect(first).toContainText('admin@example.com')
  await first.getByRole('button', { name: 'Bu Sürümü Geri Yükle' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Bu Sürümü Geri Yükle' }).click()
  await expect(toast(page, 'geri yüklendi ve yayınlandı')).toBeVisible()
  await expect(history.getByRole('listitem')).toHaveCount(3)
  await expect(history.getByRole('listitem').first()).toContainText('geri yüklendi')
  await visitorSees(browser, baseURL, '/', ['Biz Kimiz'])

  await publishDefaults(page)
  await visitorSees(browser, baseURL, '/', [DEFAULT_TITLE, DEFAULT_PHONE, 'Yapay Zekâ Strateji Modelleme'])
  await visitorSees(browser, baseURL, '/en', ['About Us', DEFAULT_PHONE])
})

test('a seventh service added, moved first and removed; an industry picture for every visitor, the browser override still first', async ({
  page,
  browser,
  baseURL,
}) => {
  await openEditor(page, 'services')
  await page.getByRole('button', { name: 'Ekle', exact: true }).click()
  const items = page.locator('[data-testid^="content-item-"]')
  await expect(items).toHaveCount(7)
  const added = items.last()
  await added.locator('[data-field$=".title"]').getByLabel('Türkçe').fill('Veri Stratejisi')
  await added.locator('[data-field$=".title"]').getByLabel('English').fill('Data Strategy')
  await added.locator('[data-field$=".text"]').getByLabel('Türkçe').fill('Verinizi karar almanın merkezine koyarız.')
  await added.locator('[data-field$=".text"]').getByLabel('English').fill('We put your data at the heart of decisions.')
  await added.getByLabel('Simge').selectOption({ label: 'Pusula' })
  for (let moves = 0; moves < 6; moves++) {
    await items.filter({ hasText: 'Veri Stratejisi' }).getByRole('button', { name: 'Yukarı Taşı' }).click()
  }
  await expect(items.first()).toContainText('Veri Stratejisi')
  await expect(items.first().getByRole('button', { name: 'Yukarı Taşı' })).toBeDisabled()
  await publish(page)

  const context = await browser.newContext({ baseURL })
  const visitor = await context.newPage()
  await visitor.goto('/en')
  const services = visitor.locator('#services li')
  await expect(services).toHaveCount(7)
  await expect(services.first()).toContainText('Data Strategy')

  await items.filter({ hasText: 'Veri Stratejisi' }).getByRole('button', { name: 'Kaldır' }).click()
  await expect(items).toHaveCount(6)

  // An industry picture, uploaded through the banners' pipeline.
  await goToSection(page, 'Sektörler')
  const retail = page.getByTestId('content-item-retail')
  await retail.locator('input[type=file]').setInputFiles('tests/fixtures/images/photo.jpg')
  await expect(page.getByTestId('industry-image-state-retail')).toContainText('/uploads/industry-retail-', { timeout: 30_000 })
  await publish(page)

  await visitor.goto('/')
  await expect(visitor.locator('#services li')).toHaveCount(6)
  const picture = visitor.getByTestId('industry-retail').locator('img')
  await expect(picture).toHaveAttribute('src', /\/uploads\/industry-retail-/)
  await expect(visitor.getByTestId('industry-retail').locator('source[type="image/avif"]')).toHaveCount(1)
  // Lazy: it loads once it is near the screen, as a reader scrolling down would bring it.
  await picture.scrollIntoViewIfNeeded()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // The browser-stored map still wins in that browser, as the specification says.
  await visitor.evaluate(() =>
    localStorage.setItem('industry-images', JSON.stringify({ retail: '/images/industries/finance.svg' })),
  )
  await visitor.reload()
  await waitForHydration(visitor)
  await expect(visitor.getByTestId('industry-retail').locator('img')).toHaveAttribute('src', '/images/industries/finance.svg')
  await context.close()

  await publishDefaults(page)
  await visitorSees(browser, baseURL, '/', [DEFAULT_TITLE])
})

test('markup typed by staff is shown as text; bad fields are named and nothing is saved', async ({
  page,
  browser,
  baseURL,
  allowConsole,
}) => {
  // The refused save is a 400, which the browser logs.
  allowConsole(/status of 400/)
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script></b>'
  await openEditor(page)
  await field(page, 'about.title').fill(`Biz ${hostile}`)
  await field(page, 'about.intro', 'English').fill(`Line one\n${hostile}\nline three`)
  await goToSection(page, 'İletişim Bilgileri')
  await page.getByLabel('Firma unvanı (yasal metinlerde)').fill(`Pusula </script><script>window.__pwned=1</script>`)
  await publish(page)

  const context = await browser.newContext({ baseURL })
  const visitor = await context.newPage()
  for (const path of ['/', '/en', '/kvkk']) {
    await visitor.goto(path)
    await waitForHydration(visitor)
    expect(await visitor.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  }
  await visitor.goto('/')
  await expect(visitor.getByRole('heading', { name: `Biz ${hostile}` })).toBeVisible()
  await visitor.goto('/en')
  await expect(visitor.locator('#about')).toContainText(hostile)
  await context.close()

  // Bad input: a phone without digits, a link that is not https, an empty title.
  await page.getByLabel('Telefon').fill('call us')
  await page.getByLabel('Profesyonel ağ bağlantısı').fill('http://example.com/firm')
  await goToSection(page, 'Hakkımızda')
  await field(page, 'about.title', 'English').fill('')
  await page.getByRole('button', { name: 'Taslağı Kaydet' }).click()
  await expect(toast(page, 'Bazı alanlar hatalı')).toBeVisible()
  await expect(field(page, 'about.title', 'English')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Bu alan boş bırakılamaz.')).toBeVisible()
  await goToSection(page, 'İletişim Bilgileri')
  await expect(page.getByText('Telefon numarası rakam içermeli')).toBeVisible()
  await expect(page.getByText('Bağlantı https:// ile başlamalı.')).toBeVisible()
  // What was typed stays on screen.
  await expect(page.getByLabel('Telefon')).toHaveValue('call us')

  await publishDefaults(page)
  await visitorSees(browser, baseURL, '/', [DEFAULT_TITLE, DEFAULT_PHONE])
})
