import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { E2E_RETENTION } from '../../playwright.config'
import { ADMIN_EMAIL, openPage, signInAsAdmin, toast, waitForHydration } from './helpers'

/**
 * The KVKK staff page (docs/kvkk.md): the retention policy in force and the destruction records;
 * one person's data found by address, downloaded as JSON and erased after a confirmation.
 */

const RUN = Date.now().toString(36)

/** A visitor's message through the contact form, as anyone sends one. */
async function sendMessage(page: Page, email: string) {
  await page.goto('/#contact')
  const form = page.getByTestId('contact-form')
  await waitForHydration(form)
  await form.getByLabel('İsim', { exact: true }).fill('Deniz Arslan')
  await form.getByLabel('E-posta', { exact: true }).fill(email)
  await form.getByLabel('Mesaj', { exact: true }).fill('Merhaba, KVKK kapsamında verilerimin silinmesini rica ediyorum.')
  await form.getByRole('button', { name: 'Mesajı Gönder' }).click()
  await expect(page.getByText('Mesajınız Alındı!')).toBeVisible()
}

/** Opens the page once it has hydrated ('Bul' is disabled until then). */
async function openPrivacy(page: Page, find = 'Bul') {
  await openPage(page, '/admin/privacy')
  await expect(page.getByRole('button', { name: find, exact: true })).toBeEnabled()
}

async function find(page: Page, email: string, label = 'E-posta adresi', button = 'Bul') {
  await page.getByLabel(label).fill(email)
  await page.getByRole('button', { name: button, exact: true }).click()
}

async function download(page: Page, name = 'JSON İndir') {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()])
  return { name: file.suggestedFilename(), data: JSON.parse(await fs.readFile((await file.path())!, 'utf8')) }
}

test("find a visitor's data, download it, erase it after a confirmation", async ({ page }) => {
  const visitor = `kvkk-${RUN}@example.com`
  await sendMessage(page, visitor)

  await signInAsAdmin(page)
  await page.getByRole('link', { name: 'KVKK' }).click()
  await expect(page).toHaveURL(/\/admin\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'KVKK ve Kişisel Veriler' })).toBeVisible()
  const policy = page.getByTestId('kvkk-policy')
  // The periods the server runs with (playwright.config.ts), not the defaults.
  await expect(policy).toContainText(`Mesajlar (her durumda, çöp kutusu dahil)${E2E_RETENTION.messageDays} gün`)
  await expect(policy).toContainText(`Mesajlardaki IP adresleri (anonimleştirilir)${E2E_RETENTION.ipDays} gün`)
  await expect(policy).toContainText(
    `Ham sayfa görüntülemeleri (sonra yalnızca günlük toplamlar kalır)${E2E_RETENTION.visitRawDays} gün`,
  )
  await expect(policy).toContainText('İmha kayıtları3 yıl')

  // An address the server would refuse is refused here first, in words under the field.
  const field = page.getByLabel('E-posta adresi')
  await find(page, 'not-an-address')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeFocused()
  await expect(page.getByTestId('kvkk-result')).toHaveCount(0)

  await find(page, visitor.toUpperCase())
  const result = page.getByTestId('kvkk-result')
  await expect(result).toContainText(`${visitor} için bulunanlar`)
  await expect(result).toContainText('Mesajlar (çöp kutusu dahil)1')
  const before = await download(page)
  expect(before.name).toMatch(new RegExp(`^kvkk-${visitor}-\\d{4}-\\d{2}-\\d{2}\\.json$`))
  expect(before.data.email).toBe(visitor)
  expect(before.data.messages).toEqual([
    expect.objectContaining({ name: 'Deniz Arslan', email: visitor, ipAddress: expect.any(String) }),
  ])

  // Erasing asks first; focus starts on 'İptal', and cancelling keeps everything.
  await result.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
  let dialog = page.getByRole('alertdialog', { name: 'Bu kişinin tüm verileri silinsin mi?' })
  await expect(dialog).toContainText(visitor)
  await expect(dialog.getByRole('button', { name: 'İptal' })).toBeFocused()
  await dialog.getByRole('button', { name: 'İptal' }).click()
  await expect(dialog).toBeHidden()
  await expect(result).toContainText('Mesajlar (çöp kutusu dahil)1')

  await result.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
  dialog = page.getByRole('alertdialog', { name: 'Bu kişinin tüm verileri silinsin mi?' })
  await dialog.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
  await expect(toast(page, new RegExp(`${visitor} için \\d+ kayıt silindi\\.`))).toBeVisible()
  await expect(result).toContainText('Bu adresle ilgili tutulan bir kayıt yok.')
  await expect(result).toContainText('Önceki silme başvuruları1')
  await expect(result.getByRole('button', { name: 'Kalıcı Olarak Sil' })).toHaveCount(0)
  const after = await download(page)
  expect(after.data.messages).toEqual([])
  expect(after.data.account).toBeNull()
  expect(after.data.erasureRequests).toEqual([expect.objectContaining({ via: 'staff' })])
  expect(JSON.stringify(after.data)).not.toContain('Deniz Arslan')

  // The inbox no longer finds the message either.
  await openPage(page, `/admin/messages?q=${encodeURIComponent(visitor)}`)
  await expect(page.getByText(visitor)).toHaveCount(0)
})

test('your own address cannot be erased from the page', async ({ page }) => {
  await signInAsAdmin(page)
  await openPrivacy(page)
  await find(page, ADMIN_EMAIL)
  const result = page.getByTestId('kvkk-result')
  await expect(result).toContainText('Yönetici kaydıVar')
  await expect(result.getByRole('button', { name: 'Kalıcı Olarak Sil' })).toBeDisabled()
  await expect(result).toContainText('Bu sizin adresiniz: kendi verilerinizi bu sayfadan silemezsiniz.')
})

for (const locale of ['tr', 'en'] as const) {
  test(`the page in ${locale === 'tr' ? 'Turkish' : 'English'} at 390 and 1440 px, with no accessibility violations`, async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page)
    if (locale === 'en') {
      await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: new URL(page.url()).origin }])
    }
    const copy =
      locale === 'en'
        ? { find: 'Find', label: 'E-mail address', title: 'Privacy and Personal Data', found: 'Sign-in account' }
        : { find: 'Bul', label: 'E-posta adresi', title: 'KVKK ve Kişisel Veriler', found: 'Giriş hesabı' }
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await openPrivacy(page, copy.find)
      await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible()
      await find(page, 'staff@example.com', copy.label, copy.find)
      await expect(page.getByTestId('kvkk-result')).toContainText(copy.found)
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`privacy-${locale}-${width}.png`), fullPage: true })
    }
    await page.context().clearCookies({ name: 'PARAGLIDE_LOCALE' })
  })
}
