import { expect, test } from './fixtures'

test('the Turkish landing page is server-rendered at /', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
})

test('the English landing page is server-rendered at /en', async ({ page }) => {
  await page.goto('/en')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('an unknown path shows the 404 page and logs the path', async ({ page, allowConsole }) => {
  allowConsole(/non-existent route|status of 404/)
  const logged = page.waitForEvent('console', (msg) => msg.text().includes('/no-such-page'))
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Sayfa bulunamadı')).toBeVisible()
  await logged
  await page.getByRole('link', { name: 'Ana sayfaya dön' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown path under /en/ shows the English 404 page with status 404', async ({ page, allowConsole }) => {
  allowConsole(/non-existent route|status of 404/)
  const logged = page.waitForEvent('console', (msg) => msg.text().includes('/no-such-page'))
  const response = await page.goto('/en/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await logged
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/en$/)
})
