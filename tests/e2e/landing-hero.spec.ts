import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsAdmin } from './helpers'

/**
 * The hero banner of the landing page (docs/product.md#hero-banner): sizes, the stored URL painted by the server,
 * and the fallback to the default image. Live updates are tested in banners.spec.ts.
 */

const DEFAULTS = { tr: '/uploads/hero-tr.png', en: '/uploads/hero-en.png' }

/** The hero's <img> tag as the server rendered it. */
function heroTag(html: string): string {
  return html.match(/<img[^>]*data-testid="hero-image"[^>]*>/)?.[0] ?? ''
}

/** Saves both banner URLs through the admin dialog, as staff would. */
async function saveBanners(page: Page, urls: { tr: string; en: string }) {
  await signInAsAdmin(page)
  await page.getByRole('button', { name: 'Banner Yönetimi' }).click()
  const dialog = page.getByRole('dialog', { name: 'Hero Banner Görsellerini Düzenle' })
  await expect(dialog.getByRole('button', { name: 'Kaydet' })).toBeVisible()
  await dialog.getByRole('region', { name: 'Türkçe Banner' }).getByRole('textbox', { name: "Görsel URL'si" }).fill(urls.tr)
  await dialog.getByRole('region', { name: 'English Banner' }).getByRole('textbox', { name: "Görsel URL'si" }).fill(urls.en)
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Banner ayarları güncellendi' })).toBeVisible()
}

test('the banner is eager, high priority, contained and sized; the server renders the default', async ({ page, request }) => {
  // Other suites may have left stored banners behind.
  await saveBanners(page, DEFAULTS)
  expect(heroTag(await (await request.get('/en')).text())).toContain(`src="${DEFAULTS.en}"`)
  await page.goto('/')
  const hero = page.getByTestId('hero-image')
  await expect(hero).toHaveAttribute('src', DEFAULTS.tr)
  await expect(hero).toHaveAttribute('alt', 'Yapay Zekâ Destekli Dijital Dönüşüm')
  await expect(hero).toHaveAttribute('loading', 'eager')
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect(hero).toHaveAttribute('width', '1600')
  await expect(hero).toHaveAttribute('height', '520')
  await expect(hero).toHaveCSS('object-fit', 'contain')
  await expect(hero).toHaveCSS('background-color', 'rgb(255, 255, 255)')
})

for (const [width, height] of [
  [375, 220],
  [700, 300],
  [900, 400],
  [1280, 520],
] as const) {
  test(`the banner is ${height} px tall at ${width} px wide, full width under the header`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/en')
    const box = await page.getByTestId('hero-image').boundingBox()
    expect(box?.height).toBe(height)
    expect(box?.width).toBe(width)
    const header = await page.locator('header').boundingBox()
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1)
  })
}

test.describe('with stored banners', () => {
  test.afterEach(async ({ page }) => {
    await saveBanners(page, DEFAULTS)
  })

  test('the server paints the stored URL of each language', async ({ page, request }) => {
    // Each language is given the other's image: clearly not its default.
    await saveBanners(page, { tr: DEFAULTS.en, en: DEFAULTS.tr })
    await expect.poll(async () => heroTag(await (await request.get('/')).text())).toContain(`src="${DEFAULTS.en}"`)
    expect(heroTag(await (await request.get('/en')).text())).toContain(`src="${DEFAULTS.tr}"`)
  })

  test('a broken stored image falls back to the default with a console warning', async ({
    page,
    browser,
    baseURL,
    allowConsole,
  }) => {
    allowConsole(/Failed to load resource/)
    await saveBanners(page, { tr: '/uploads/hero-tr-banner-1.png', en: DEFAULTS.en })
    const visitor = await browser.newPage({ baseURL })
    const warned = visitor.waitForEvent(
      'console',
      (msg) => msg.type() === 'warning' && msg.text() === 'Hero image failed to load, using fallback',
    )
    await visitor.goto('/')
    await warned
    await expect(visitor.getByTestId('hero-image')).toHaveAttribute('src', DEFAULTS.tr)
    // The default loads (as the AVIF or WebP copy the browser takes).
    await expect
      .poll(() =>
        visitor
          .getByTestId('hero-image')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
      )
      .toMatch(/\/uploads\/hero-tr(-\d+w\.(avif|webp)|\.png)$/)
    await visitor.close()
  })
})
