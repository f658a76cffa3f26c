/**
 * Signs a Chromium page in to a production server started by tests/integration/app-server.ts,
 * through its login page, with the code from the server's outbox.
 */
import type { Page } from '@playwright/test'
import { vi } from 'vitest'
import { type AppServer, latestCode } from '../integration/app-server'

/** Leaves the page on `/admin/messages`, its list shown. */
export async function signInInBrowser(page: Page, server: AppServer, email: string): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/login`)
  await page.getByLabel('E-posta').fill(email)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  const code = await vi.waitFor(() => latestCode(server.dataDir, email), { timeout: 30_000, interval: 200 })
  await page.getByLabel('Doğrulama Kodu').fill(code)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await page.waitForURL(/\/admin\/messages/)
  await page.getByTestId('message-row').first().waitFor()
}
