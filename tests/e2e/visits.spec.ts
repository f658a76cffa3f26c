import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsAdmin, waitForHydration } from './helpers'

/**
 * Visit statistics in Chromium (decision 250): readers from two referrers and a campaign, a
 * crawler and a signed-in staff member browse the site; the statistics page counts the readers
 * only, and no page view leaves anything on the device. Other specs browse the same server, so
 * the checks filter by this run's own referrers and campaign.
 */
const RUN = randomBytes(4).toString('hex')
const ONE = `news-${RUN}.example.com`
const TWO = `blog-${RUN}.example.org`
const CAMPAIGN = `kis-${RUN}`
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`

/** Opens `path` as a reader from `referer` and waits for the view's beacon and its answer. */
async function view(page: Page, path: string, referer?: string): Promise<number> {
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/visit') && (r.request().postData() ?? '').includes('"t":"v"'))
  await page.goto(path, referer ? { referer } : undefined)
  await waitForHydration(page)
  const response = await beacon
  expect(await response.headerValue('set-cookie')).toBeNull()
  return response.status()
}

async function reader(browser: Browser, userAgent = BROWSER_UA) {
  return browser.newContext({
    userAgent,
    extraHTTPHeaders: { 'x-forwarded-for': address() },
    // The project's device (Desktop Chrome) would lend its 1920 px screen to new contexts.
    viewport: { width: 390, height: 800 },
    screen: { width: 390, height: 844 },
  })
}

/** A figure on the statistics page, by its label. */
function figure(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

test('counts readers by referrer and campaign, not crawlers or staff, and stores nothing on the device', async ({
  browser,
  page,
}) => {
  // Reader 1: from the first referrer with a campaign, then a second page in the same visit.
  const first = await reader(browser)
  const firstPage = await first.newPage()
  expect(
    await view(firstPage, `/?utm_source=newsletter&utm_medium=email&utm_campaign=${CAMPAIGN}`, `https://${ONE}/articles/1`),
  ).toBe(204)
  expect(await view(firstPage, '/kvkk')).toBe(204)
  // Nothing in storage but the router's scroll positions (TanStack Router keeps them per tab).
  const stored = await firstPage.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)])
  expect(stored.filter((key) => !key.startsWith('tsr-scroll-restoration'))).toEqual([])
  // The language cookie is the only one (the cookie policy lists it); counting adds none.
  expect((await first.cookies()).map((c) => c.name).filter((name) => name !== 'PARAGLIDE_LOCALE')).toEqual([])
  await first.close()

  // Reader 2: from the second referrer, in English.
  const second = await reader(browser)
  expect(await view(await second.newPage(), '/en', `https://${TWO}/`)).toBe(204)
  await second.close()

  // A crawler from the first referrer: answered, not counted.
  const crawler = await reader(browser, CRAWLER_UA)
  expect(await view(await crawler.newPage(), '/', `https://${ONE}/`)).toBe(204)
  await crawler.close()

  // A signed-in staff member from the first referrer: answered, not counted.
  await signInAsAdmin(page)
  expect(await view(page, `/?utm_campaign=${CAMPAIGN}`, `https://${ONE}/`)).toBe(204)

  await page.goto(`/admin/stats?referrer=${ONE}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'İstatistikler' })).toBeVisible()
  await expect(figure(page, 'Ziyaretçi')).toHaveText('1')
  await expect(figure(page, 'Sayfa Görüntüleme')).toHaveText('2')
  const pages = page.getByRole('region', { name: 'Sayfalar ve Bölümler' })
  await expect(pages.getByRole('link', { name: '/ ile filtrele' })).toBeVisible()
  await expect(pages.getByRole('link', { name: '/kvkk ile filtrele' })).toBeVisible()

  // The campaign's row filters the rest: one visitor, from the first referrer.
  await page.goto(`/admin/stats?range=7d`)
  await waitForHydration(page)
  const campaigns = page.getByRole('region', { name: 'Kampanyalar (UTM)' })
  await campaigns.getByRole('link', { name: `${CAMPAIGN} ile filtrele` }).click()
  await expect(page).toHaveURL(new RegExp(`campaign=${CAMPAIGN}`))
  await expect(figure(page, 'Ziyaretçi')).toHaveText('1')
  const referrers = page.getByRole('region', { name: 'Yönlendiren Siteler' })
  await expect(referrers.getByRole('row')).toHaveCount(2)
  await expect(referrers.getByRole('row').nth(1)).toContainText(ONE)

  await page.goto(`/admin/stats?referrer=${TWO}`)
  await waitForHydration(page)
  await expect(figure(page, 'Ziyaretçi')).toHaveText('1')
  const languages = page.getByRole('region', { name: 'Diller' })
  await expect(languages.getByRole('link', { name: 'İngilizce ile filtrele' })).toBeVisible()
  const devices = page.getByRole('region', { name: 'Cihazlar' })
  await expect(devices.getByRole('link', { name: 'Telefon ile filtrele' })).toBeVisible()
  // The chart's figures as a table, for screen readers.
  await page.getByText('Günlük veriler (tablo)').click()
  await expect(page.getByRole('table', { name: 'Günlük ziyaretçi ve mesajlar' })).toBeVisible()

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
