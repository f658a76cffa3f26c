import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signInAsAdmin, waitForHydration } from './helpers'

/**
 * The live inbox (docs/product.md#live-updates): a message sent while the inbox is open appears without
 * 'Yenile', with the unread count, the tab's title and a screen-reader announcement following.
 * Across server instances: tests/postgres/two-instances.test.ts.
 */

const RUN = Date.now().toString(36)

/** The number in 'N okunmamış', 0 when the badge is not shown. */
async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('inbox-unread')
  if ((await badge.count()) === 0) return 0
  return Number(((await badge.textContent()) ?? '').replace(/\D/g, ''))
}

/** Sends the contact form from a visitor's browser of its own, as a person would. */
async function sendFromAnotherBrowser(page: Page, message: { name: string; email: string; message: string }) {
  const visitor = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(page.url()).origin,
      // A client address of its own: the per-address contact limit belongs to this visitor alone.
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Number.parseInt(RUN.slice(-2), 36) % 250}.${Date.now() % 250}` },
    })
  try {
    const form = await visitor.newPage()
    await form.goto('/#contact')
    const contact = form.getByTestId('contact-form')
    // The form hydrates on its own, after the page, as it nears the viewport; then it takes over from the native post.
    await waitForHydration(contact)
    await expect(contact).toHaveAttribute('novalidate', '')
    await contact.getByLabel('İsim', { exact: true }).fill(message.name)
    await contact.getByLabel('E-posta', { exact: true }).fill(message.email)
    await contact.getByLabel('Mesaj', { exact: true }).fill(message.message)
    await contact.getByRole('button', { name: 'Mesajı Gönder' }).click()
    await expect(form.getByText('Mesajınız Alındı!').first()).toBeVisible()
  } finally {
    await visitor.close()
  }
}

test('a message sent while the inbox is open appears with the unread count and the tab title', async ({ page }) => {
  const connected = page.waitForResponse((response) => response.url().endsWith('/api/inbox-events') && response.ok())
  await signInAsAdmin(page)
  await connected
  const before = await unreadCount(page)
  if (before > 0) await expect(page).toHaveTitle(`(${before.toLocaleString('tr-TR')}) İletişim Mesajları | Admin Paneli`)

  const name = `Canlı Ziyaretçi ${RUN}`
  await sendFromAnotherBrowser(page, {
    name,
    email: `canli-${RUN}@example.com`,
    message: 'Açık gelen kutusunda Yenile’ye basmadan görünmeli.',
  })

  // Newest first: the new message heads the first page, unread.
  const row = page.getByTestId('message-row').first()
  await expect(row).toContainText(name)
  await expect(row.getByTestId('status-badge').filter({ visible: true })).toHaveText('Yeni')
  const after = (before + 1).toLocaleString('tr-TR')
  await expect(page.getByTestId('inbox-unread')).toHaveText(`${after} okunmamış`)
  await expect(page).toHaveTitle(`(${after}) İletişim Mesajları | Admin Paneli`)
  await expect(page.getByRole('status').filter({ hasText: 'yeni mesaj' })).toHaveText(/^1 yeni mesaj geldi\.\s?$/)

  // Opening it reads it: the count and the title follow.
  await row.getByRole('button').first().click()
  await expect(page.getByTestId('message-detail')).toContainText(name)
  const read = before.toLocaleString('tr-TR')
  if (before > 0) {
    await expect(page.getByTestId('inbox-unread')).toHaveText(`${read} okunmamış`)
    await expect(page).toHaveTitle(`(${read}) İletişim Mesajları | Admin Paneli`)
  } else {
    await expect(page).toHaveTitle('İletişim Mesajları | Admin Paneli')
  }
})

test('the tab title follows the page: the team page has its own', async ({ page }) => {
  await signInAsAdmin(page)
  await expect(page).toHaveTitle(/İletişim Mesajları \| Admin Paneli$/)
  await page.getByRole('link', { name: 'Ekip' }).click()
  await expect(page).toHaveURL(/\/admin\/team$/)
  await expect(page).toHaveTitle('Ekip | Admin Paneli')
  await page.getByRole('link', { name: 'Mesajlara Dön' }).click()
  await expect(page).toHaveURL(/\/admin\/messages/)
  await expect(page).toHaveTitle(/İletişim Mesajları \| Admin Paneli$/)
  await page.goto('/admin/team')
  await expect(page).toHaveTitle('Ekip | Admin Paneli')
})
