import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openPage, readOutbox, signInAsAdmin, waitForHydration } from './helpers'
import { detail, expectToast, marker, openSearch, row, rows, seed } from './inbox-helpers'

/**
 * Nothing left unanswered (docs/product.md#replies): 'Yanıt Bekleyen' lists the leads nobody has
 * replied to, oldest first, without spam; a reply takes one out. 'Hazır Yanıtlar': a saved reply
 * with {ad}, picked in the composer, reaches the visitor with the name filled in.
 */

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

async function reply(page: Page, name: string, text: string) {
  await row(page, name).click()
  const panel = detail(page)
  await expect(panel.getByTestId('detail-name')).toHaveText(name)
  await panel.getByRole('button', { name: 'Yanıtla' }).click()
  await panel.getByLabel('Yanıtınız').fill(text)
  await panel.getByRole('button', { name: 'Gönder' }).click()
  await expectToast(page, 'Yanıt gönderildi.')
}

test("'Yanıt Bekleyen' lists unanswered leads oldest first, without spam; a reply takes one out", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = marker()
  const names = ['Eski', 'Orta', 'Yeni', 'Şüpheli'].map((word) => `${word} ${tag}`)
  // One after another: the first is the oldest.
  await seed(
    request,
    baseURL!,
    // Each from an address of its own: marking one spam teaches the filter its sender, which must
    // not hold every later test's messages (they share the seed's default address).
    names.map((name, index) => ({
      name,
      email: `talep${index}.${tag}@example.com`,
      message: `Merhaba, ${tag} için teklif rica ediyoruz.`,
    })),
  )
  const [oldest, middle, newest, suspect] = names as [string, string, string, string]
  await signInAsAdmin(page)
  await openSearch(page, tag)
  await expect(rows(page)).toHaveCount(4)
  await row(page, suspect)
    .getByRole('button', { name: `Spam: ${suspect}` })
    .click()
  await expectToast(page, '1 mesaj spam olarak işaretlendi.')

  const toggle = page.getByRole('button', { name: 'Yanıt Bekleyen' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(page).toHaveURL(/[?&]reply=waiting/)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(rows(page)).toHaveCount(3)
  for (const [index, name] of [oldest, middle, newest].entries()) await expect(rows(page).nth(index)).toContainText(name)
  await expect(row(page, oldest).getByText(/saniyedir bekliyor|dakikadır bekliyor/)).toBeVisible()
  await page.setViewportSize({ width: 1440, height: 900 })
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('waiting-1440.png') })

  await reply(page, middle, 'Merhaba,\nteklifimiz yolda.')
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).nth(0)).toContainText(oldest)
  await expect(rows(page).nth(1)).toContainText(newest)

  // The CSV follows the filter: the two still waiting, oldest first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV İndir' }).click()])
  const csv = readFileSync((await download.path())!).toString('utf8')
  expect(csv).not.toContain(middle)
  expect(csv).not.toContain(suspect)
  expect(csv.indexOf(oldest)).toBeGreaterThan(0)
  expect(csv.indexOf(newest)).toBeGreaterThan(csv.indexOf(oldest))

  // Off again: the answered lead is back, marked 'Yanıtlandı'; spam stays out of 'Tümü'.
  await toggle.click()
  await expect(page).not.toHaveURL(/reply=waiting/)
  await expect(rows(page)).toHaveCount(3)
  await expect(row(page, middle).getByText('Yanıtlandı')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, `/admin/messages?q=${tag}&reply=waiting`)
  await expect(rows(page)).toHaveCount(2)
  await page.screenshot({ path: testInfo.outputPath('waiting-390.png'), fullPage: true })

  // In English: the same filter in the other language's words.
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
  await openPage(page, `/admin/messages?q=${tag}&reply=waiting`)
  await expect(page.getByRole('button', { name: 'Awaiting reply' })).toHaveAttribute('aria-pressed', 'true')
  await expect(row(page, oldest).getByText(/^Waiting \d+ (second|minute)s?$/)).toBeVisible()
  await page.context().clearCookies({ name: 'PARAGLIDE_LOCALE' })
})

test("'Hazır Yanıtlar': a saved reply with {ad} is picked in the composer and sent with the name filled in", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = marker()
  const visitorName = `Ayşe ${tag}`
  const visitor = `${tag}@example.com`
  await seed(request, baseURL!, [
    { name: visitorName, email: visitor, message: `Merhaba, ${tag} hakkında bilgi almak istiyoruz.` },
  ])
  await signInAsAdmin(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, '/admin/saved-replies')
  await expect(page.getByRole('heading', { level: 1, name: 'Hazır Yanıtlar' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hazır Yanıtlar' }).first()).toHaveAttribute('aria-current', 'page')
  const form = page.getByTestId('saved-reply-form')
  await waitForHydration(page)
  // Nothing typed: each field says what it needs, and nothing is stored.
  await form.getByRole('button', { name: 'Ekle' }).click()
  await expect(form.getByText('Başlık gerekli.')).toBeVisible()
  await expect(form.getByText('Türkçe metin gerekli.')).toBeVisible()

  const title = `Teşekkür ${tag}`
  await form.getByLabel('Başlık').fill(title)
  await form.getByLabel('Türkçe Metin').fill('Merhaba {ad},\n\nmesajınız için teşekkür ederiz.')
  await form.getByLabel('İngilizce Metin').fill('Hello {ad},\n\nthank you for your message.')
  await form.getByRole('button', { name: 'Ekle' }).click()
  await expectToast(page, 'Hazır yanıt eklendi.')
  const item = page.getByTestId('saved-reply').filter({ hasText: title })
  await expect(item).toBeVisible()
  await expect(page.getByText('{ad}', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('saved-replies-1440.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath('saved-replies-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })

  await openSearch(page, tag)
  await row(page, visitorName).click()
  const panel = detail(page)
  await panel.getByRole('button', { name: 'Yanıtla' }).click()
  await panel.getByLabel('Hazır Yanıt').selectOption({ label: title })
  const body = panel.getByLabel('Yanıtınız')
  await expect(body).toHaveValue(`Merhaba ${visitorName},\n\nmesajınız için teşekkür ederiz.`)
  await expect(body).toBeFocused()
  // Editable before sending.
  await body.press('End')
  await body.pressSequentially('\nSaygılarımızla')
  await expectAccessible(page)
  await panel.screenshot({ path: testInfo.outputPath('composer-saved-1440.png') })
  await panel.getByRole('button', { name: 'Gönder' }).click()
  await expectToast(page, 'Yanıt gönderildi.')
  await expect
    .poll(
      () =>
        readOutbox()
          .find((mail) => mail.to === visitor)
          ?.text.split('\n\n--\n')[0],
    )
    .toBe(`Merhaba ${visitorName},\n\nmesajınız için teşekkür ederiz.\nSaygılarımızla`)

  // Deleted after asking; replies already sent stay as they are.
  await openPage(page, '/admin/saved-replies')
  await page.getByRole('button', { name: `${title} yanıtını sil` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click()
  await expectToast(page, 'Hazır yanıt silindi.')
  await expect(page.getByTestId('saved-reply').filter({ hasText: title })).toHaveCount(0)
})
