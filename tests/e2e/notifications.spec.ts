import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, readOutbox, signInAsAdmin, waitForHydration } from './helpers'

/**
 * The notification settings panel (docs/product.md#notifications): reachable from the inbox header, in both
 * languages, accessible; what it saves decides the language of the next notification, whose link
 * opens the message. The e2e server has no SMTP_URL, so the mail is read from the outbox.
 */

/** Opens the panel from an inbox that has hydrated (signInAsAdmin waits for its readiness signal). */
async function openPanel(page: Page, button: string) {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: button }).click()
  await expect(dialog).toBeVisible()
  // Loaded: the description names the admin's address.
  await expect(dialog.getByText(ADMIN_EMAIL)).toBeVisible()
  return dialog
}

test('an admin chooses English notifications, and the next one arrives in English with a link to the message', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('inbox-header-390.png') })
  await page.setViewportSize({ width: 1280, height: 720 })
  const dialog = await openPanel(page, 'Bildirimler')
  await expect(dialog.getByRole('heading', { name: 'Bildirim Ayarları' })).toBeVisible()
  // No SMTP_URL on this server: the panel says the mail is only written to the outbox.
  await expect(dialog.getByText(/e-posta sunucusu \(SMTP_URL\) ayarlanmadı/)).toBeVisible()
  const toggle = dialog.getByRole('checkbox', { name: 'Yeni mesajlarda bana e-posta gönder' })
  await expect(toggle).toBeChecked()
  await expect(dialog.getByRole('radio', { name: 'Türkçe' })).toBeChecked()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('notifications-390.png') })
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('notifications-1440.png') })

  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await dialog.getByRole('radio', { name: 'English' }).check()
  await dialog.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByText('Bildirim ayarları kaydedildi.')).toBeVisible()
  await expect(dialog).toBeHidden()
  // Focus returns to the button that opened the panel.
  await expect(page.getByRole('button', { name: 'Bildirimler' })).toBeFocused()

  const again = await openPanel(page, 'Bildirimler')
  await expect(again.getByRole('radio', { name: 'English' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(again).toBeHidden()

  // A visitor writes; the admin's notification is in English and links to the message.
  const since = new Date(Date.now() - 1000)
  const name = `Notified Visitor ${Date.now().toString(36)}`
  await page.goto('/en#contact')
  const form = page.getByTestId('contact-form')
  // The form hydrates on its own, after the page, as it nears the viewport; then it takes over from the native post.
  await waitForHydration(form)
  await expect(form).toHaveAttribute('novalidate', '')
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Email', { exact: true }).fill('notified@example.com')
  await form.getByLabel('Message', { exact: true }).fill('We would like to talk about choosing a CRM platform.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message Received!')).toBeVisible()

  let link = ''
  await expect
    .poll(() => {
      const mail = readOutbox().find((m) => m.to === ADMIN_EMAIL && m.kind === 'new_message' && new Date(m.sentAt) >= since)
      if (mail) {
        expect(mail.subject).toBe(`New message: ${name}`)
        expect(mail).toMatchObject({ replyTo: `${name} <notified@example.com>` })
        link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/admin\/messages\?id=[0-9a-f-]{36}/)?.[0] ?? ''
      }
      return link
    })
    .not.toBe('')
  await page.goto(link)
  await expect(page.getByText('We would like to talk about choosing a CRM platform.')).toBeVisible()
})

test('the panel speaks English in the English admin area', async ({ page }) => {
  await signInAsAdmin(page)
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: page.url() }])
  await page.reload()
  await waitForHydration(page)
  const dialog = await openPanel(page, 'Notifications')
  await expect(dialog.getByRole('heading', { name: 'Notification Settings' })).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: 'E-mail me about new messages' })).toBeVisible()
  await expect(dialog.getByRole('group', { name: 'Language of the e-mails' })).toBeVisible()
  await dialog.getByRole('checkbox', { name: 'E-mail me about new messages' }).uncheck()
  // Off: the language does not matter, and is not offered.
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
