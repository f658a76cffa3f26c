import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, openPage, signInAsAdmin } from './helpers'
import { detail, expectToast, marker, openSearch, row, seed } from './inbox-helpers'

/**
 * 'Geçmiş' in a lead's detail (docs/product.md): each thing done to the lead from the detail is a
 * line of its own, oldest first, naming who did it; opening it again soon adds no 'read' line.
 */

async function openIn(page: Page, tag: string, status: string, name: string) {
  await openPage(page, `/admin/messages?q=${tag}&status=${status}`)
  await row(page, name).click()
  await expect(detail(page).getByTestId('detail-name')).toHaveText(name)
}

test('the history tells, oldest first, what each person did to the lead, in both languages', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAsAdmin(page)
  const tag = marker()
  const name = `Geçmiş ${tag}`
  // An address of its own: 'Spam' and 'Spam Değil' below teach the filter about its sender.
  await seed(request, baseURL!, [{ name, email: `gecmis.${tag}@example.com`, message: `Bir teklif istiyoruz. ${tag}` }])
  await openSearch(page, tag)
  await row(page, name).click()
  const panel = detail(page)
  await expect(panel.getByTestId('detail-read-at')).toBeVisible()

  await panel.getByRole('button', { name: 'Üstlen' }).click()
  await expect(panel.getByTestId('lead-history')).toContainText('üstlendi')
  await panel.getByRole('textbox', { name: 'İç Not' }).fill('Yarın ararım.')
  await panel.getByRole('button', { name: 'Notu Ekle' }).click()
  await expectToast(page, 'Not eklendi.')
  await panel.getByRole('button', { name: 'Arşivle' }).click()
  await expectToast(page, 'Mesaj güncellendi.')
  await panel.getByRole('button', { name: 'Spam', exact: true }).click()
  await expectToast(page, '1 mesaj spam olarak işaretlendi.')

  await openIn(page, tag, 'spam', name)
  await detail(page).getByRole('button', { name: 'Spam Değil' }).click()
  await openIn(page, tag, 'all', name)
  await detail(page).getByRole('button', { name: 'Sil', exact: true }).click()
  await expectToast(page, 'Mesaj silindi.')
  await openIn(page, tag, 'trash', name)
  await detail(page).getByRole('button', { name: 'Geri Yükle' }).click()
  await expectToast(page, '1 mesaj geri yüklendi.')

  // Opened again within the hour by the same person: no second 'read' line.
  await openIn(page, tag, 'all', name)
  const lines = detail(page).getByTestId('lead-history').getByRole('listitem')
  const by = (text: string) => new RegExp(`${ADMIN_EMAIL.replace('.', '\\.')} ${text}$`)
  await expect(lines).toHaveText([
    /Geldi; spam filtresinden geçti$/,
    by('okudu'),
    by('üstlendi'),
    by('iç not ekledi'),
    by('durumu değiştirdi: Arşivlendi'),
    by('spam olarak işaretledi'),
    by('spam değil olarak işaretledi'),
    // 'Spam Değil' puts it back as new: opening it again reads it, a status change of its own.
    by('okudu'),
    by('çöp kutusuna taşıdı'),
    by('geri yükledi'),
  ])

  // Kept for review: the history at desktop and phone width.
  const dir = `${process.env.E2E_RESULTS_DIR ?? 'test-results/e2e'}/lead-history-screens`
  for (const [label, width] of [
    ['desktop', 1440],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await lines.last().scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${dir}/tr-${label}.png` })
  }

  await page.goto('about:blank')
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
  await openIn(page, tag, 'all', name)
  await expect(detail(page).getByRole('heading', { name: 'History' })).toBeVisible()
  await expect(lines.first()).toHaveText(/Arrived; it passed the spam filter$/)
  await expect(lines.nth(4)).toHaveText(by('changed the status: Archived'))
  await expect(lines.last()).toHaveText(by('restored it'))
})
