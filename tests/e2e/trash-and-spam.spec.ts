import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, openPage, readOutbox, signInAsAdmin } from './helpers'
import { badgeIn, detail, expectToast, marker, openSearch, row, rows, seed, tick } from './inbox-helpers'

/**
 * The trash and spam (docs/product.md#trash-and-spam): what leaves the inbox, how it comes back,
 * and that the counts and the tab title follow at every step. The unread count and the title
 * are the whole inbox's; the tests run one at a time, so only their own steps change them.
 */

async function unread(page: Page): Promise<number> {
  const text = await page.getByTestId('inbox-unread').textContent()
  return Number(text?.match(/^(\d+)/)?.[1] ?? Number.NaN)
}

/** The unread count in the header and in the tab's title. */
async function expectUnread(page: Page, count: number) {
  await expect(page.getByTestId('inbox-unread')).toHaveText(`${count} okunmamış`)
  await expect(page).toHaveTitle(count > 0 ? `(${count}) İletişim Mesajları | Admin Paneli` : 'İletişim Mesajları | Admin Paneli')
}

async function expectTotal(page: Page, count: number) {
  await expect(page.getByTestId('inbox-total')).toHaveText(`Toplam ${count} mesaj`)
}

async function chooseFilter(page: Page, label: string, param: RegExp) {
  await page.getByRole('combobox', { name: 'Durum filtresi' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect(page).toHaveURL(param)
}

function toastWith(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title }).last()
}

/** New-message notifications of `name` in the outbox (whatever the admin's language). */
function notificationsOf(name: string) {
  return readOutbox().filter((mail) => mail.to === ADMIN_EMAIL && mail.kind === 'new_message' && mail.subject.endsWith(name))
}

test.describe('trash and spam', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('delete, undo, delete again, find it in the trash, restore it, bulk delete, empty the trash', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Birinci ${tag}`, message: `Çöp kutusu denemesi ${tag}` },
      { name: `İkinci ${tag}`, message: `Çöp kutusu denemesi ${tag}` },
      { name: `Üçüncü ${tag}`, message: `Çöp kutusu denemesi ${tag}` },
    ])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(3)
    await expectTotal(page, 3)
    const before = await unread(page)
    await expectUnread(page, before)

    // Delete one from its row: gone from the list, the counts and the title.
    await row(page, `Birinci ${tag}`)
      .getByRole('button', { name: `Sil: Birinci ${tag}` })
      .click()
    await expectToast(page, 'Mesaj silindi.')
    await expect(rows(page)).toHaveCount(2)
    await expectTotal(page, 2)
    await expectUnread(page, before - 1)

    // 'Geri Al' in the notice brings it back, still new.
    await toastWith(page, 'Mesaj silindi.').getByRole('button', { name: 'Geri Al' }).click()
    await expectToast(page, '1 mesaj geri yüklendi.')
    await expect(rows(page)).toHaveCount(3)
    await expect(badgeIn(row(page, `Birinci ${tag}`))).toHaveText('Yeni')
    await expectTotal(page, 3)
    await expectUnread(page, before)

    // Delete it again, from the keyboard: the oldest is the third row.
    await page.locator('h1').click()
    for (let i = 0; i < 3; i++) await page.keyboard.press('j')
    await expect(rows(page).nth(2)).toHaveAttribute('data-active', 'true')
    await expect(rows(page).nth(2)).toContainText(`Birinci ${tag}`)
    await page.keyboard.press('Delete')
    await expectToast(page, 'Mesaj silindi.')
    await expect(rows(page)).toHaveCount(2)
    await expectTotal(page, 2)
    await expectUnread(page, before - 1)

    // Under 'Çöp Kutusu': the one deleted, with its time of deletion; the counts stay.
    await chooseFilter(page, 'Çöp Kutusu', /[?&]status=trash/)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText(`Birinci ${tag}`)
    await expect(page.getByRole('columnheader', { name: 'Silinme Tarihi' })).toBeVisible()
    await expect(page.getByTestId('place-notice')).toContainText('30 gün')
    await expectTotal(page, 1)
    await expectUnread(page, before - 1)
    await row(page, `Birinci ${tag}`).click()
    await expect(detail(page).getByTestId('detail-deleted-at')).toBeVisible()
    // Looking at it in the trash does not read it.
    await expect(badgeIn(detail(page))).toHaveText('Yeni')
    await expectUnread(page, before - 1)

    // 'Geri Yükle' puts it back where it was.
    await detail(page).getByRole('button', { name: 'Geri Yükle' }).click()
    await expectToast(page, '1 mesaj geri yüklendi.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expectTotal(page, 0)
    await expectUnread(page, before)
    await expect(page).not.toHaveURL(/[?&]id=/)

    // All three at once.
    await chooseFilter(page, 'Tümü', /^(?!.*status=)/)
    await expect(rows(page)).toHaveCount(3)
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Sil' }).click()
    await expectToast(page, '3 mesaj silindi.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expectTotal(page, 0)
    await expectUnread(page, before - 3)

    // Emptying the trash asks, then deletes them for good.
    await openSearch(page, tag, '&status=trash')
    await expect(rows(page)).toHaveCount(3)
    await expectTotal(page, 3)
    await page.getByRole('button', { name: 'Çöpü Boşalt' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('Çöp kutusu boşaltılsın mı?')
    await expect(dialog.getByRole('button', { name: 'İptal' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Çöpü Boşalt' }).click()
    await expectToast(page, 'Çöp kutusu boşaltıldı.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expectUnread(page, before - 3)
    await openPage(page, '/admin/messages?status=trash')
    await expectTotal(page, 0)
    await expect(page.getByRole('button', { name: 'Çöpü Boşalt' })).toBeDisabled()
    await openSearch(page, tag)
    await expectTotal(page, 0)
  })

  test("spam leaves every other list and count; 'Spam Değil' brings it back as new and notifies; bulk 'Spam' on three rows", async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    const suspect = `Şüpheli ${tag}`
    await seed(request, baseURL!, [
      // Addresses of their own: marking spam condemns the sender's address (docs/spam.md), and
      // the other tests' visitors share the default one.
      { name: suspect, email: `suspect.${tag}@example.net`, message: `Web sitesi yenilemesi hakkında konuşabilir miyiz? ${tag}` },
      { name: `Bir ${tag}`, email: `bulk.${tag}@example.net`, message: `Toplu spam ${tag}` },
      { name: `İki ${tag}`, email: `bulk.${tag}@example.net`, message: `Toplu spam ${tag}` },
      { name: `Üç ${tag}`, email: `bulk.${tag}@example.net`, message: `Toplu spam ${tag}` },
    ])
    // Its arrival was told once; marking it spam must not stop a mail already on its way half-sent.
    await expect.poll(() => notificationsOf(suspect).length).toBe(1)
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(4)
    const before = await unread(page)
    await expectUnread(page, before)

    // 'Spam' on its row: out of 'Tümü', out of the counts and the title.
    await row(page, suspect)
      .getByRole('button', { name: `Spam: ${suspect}` })
      .click()
    await expectToast(page, '1 mesaj spam olarak işaretlendi.')
    await expect(rows(page)).toHaveCount(3)
    await expect(row(page, suspect)).toHaveCount(0)
    await expectTotal(page, 3)
    await expectUnread(page, before - 1)

    // Under 'Spam' only, and opening it there changes nothing.
    await chooseFilter(page, 'Spam', /[?&]status=spam/)
    await expect(rows(page)).toHaveCount(1)
    await expect(badgeIn(row(page, suspect))).toHaveText('Spam')
    await expect(page.getByTestId('place-notice')).toContainText('bildirim göndermez')
    await expectTotal(page, 1)
    await row(page, suspect).click()
    await expect(badgeIn(detail(page))).toHaveText('Spam')
    await expectUnread(page, before - 1)
    expect(notificationsOf(suspect)).toHaveLength(1)

    // 'Spam Değil': back to 'Yeni', counted again, and the admins are told now.
    const since = new Date(Date.now() - 1000)
    await detail(page).getByRole('button', { name: 'Spam Değil' }).click()
    await expectToast(page, '1 mesaj gelen kutusuna taşındı.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expectTotal(page, 0)
    await expectUnread(page, before)
    await expect
      .poll(() => notificationsOf(suspect).filter((mail) => new Date(mail.sentAt) >= since).length, {
        message: 'a notification sent when it stopped being spam',
      })
      .toBe(1)
    await chooseFilter(page, 'Yeni', /[?&]status=new/)
    await expect(badgeIn(row(page, suspect))).toHaveText('Yeni')

    // Bulk 'Spam' on three rows.
    await chooseFilter(page, 'Tümü', /^(?!.*status=)/)
    await expect(rows(page)).toHaveCount(4)
    for (const name of ['Bir', 'İki', 'Üç']) await tick(page.getByRole('checkbox', { name: `Seç: ${name} ${tag}` }))
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Spam' }).click()
    await expectToast(page, '3 mesaj spam olarak işaretlendi.')
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText(suspect)
    await expectTotal(page, 1)
    await expectUnread(page, before - 3)
    await chooseFilter(page, 'Spam', /[?&]status=spam/)
    await expect(rows(page)).toHaveCount(3)
    await expect(badgeIn(rows(page))).toHaveText(['Spam', 'Spam', 'Spam'])

    // Clean up: the three to the trash, the suspect too.
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Sil' }).click()
    await expectToast(page, '3 mesaj silindi.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
  })

  test('the trash and spam views have no accessibility violations', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Erişilebilir çöp ${tag}`, message: `Ekran okuyucu çöp ${tag}` },
      { name: `Erişilebilir spam ${tag}`, email: `a11y.${tag}@example.net`, message: `Ekran okuyucu spam ${tag}` },
    ])
    await openSearch(page, tag)
    await row(page, `spam ${tag}`)
      .getByRole('button', { name: `Spam: Erişilebilir spam ${tag}` })
      .click()
    await expectToast(page, '1 mesaj spam olarak işaretlendi.')
    await row(page, `çöp ${tag}`)
      .getByRole('button', { name: `Sil: Erişilebilir çöp ${tag}` })
      .click()
    await expectToast(page, 'Mesaj silindi.')
    for (const status of ['trash', 'spam']) {
      await openSearch(page, tag, `&status=${status}`)
      await rows(page).first().click()
      await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  })
})

/** One message in the trash and one in spam, both carrying `tag`. */
async function trashAndSpamOne(page: Page, request: APIRequestContext, baseURL: string, tag: string) {
  await seed(request, baseURL, [
    { name: `Ayşe Yılmaz ${tag}`, email: 'ayse.yilmaz@example.com', message: `ERP seçiminde destek rica ediyoruz. ${tag}` },
    // An address of its own each time: 'Spam' condemns the sender's address for later messages.
    {
      name: `SEO Expert ${tag}`,
      email: `seo.${tag}@example.net`,
      message: `Google sıralaması hakkında bir sorum olacaktı. ${tag}`,
    },
  ])
  await openSearch(page, tag)
  await row(page, `Ayşe Yılmaz ${tag}`)
    .getByRole('button', { name: `Sil: Ayşe Yılmaz ${tag}` })
    .click()
  await expectToast(page, 'Mesaj silindi.')
  await row(page, `SEO Expert ${tag}`)
    .getByRole('button', { name: `Spam: SEO Expert ${tag}` })
    .click()
  await expectToast(page, '1 mesaj spam olarak işaretlendi.')
}

// Both views at phone and desktop width in each language, the screenshots kept for review (one
// test each: a busy machine takes most of a test's minute for one language at both widths).
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const
for (const [locale, label] of [
  ['tr', 'desktop'],
  ['tr', 'phone'],
  ['en', 'desktop'],
  ['en', 'phone'],
] as const) {
  test(`the trash and spam views in ${locale} at ${label} width`, async ({ page, context, request, baseURL }) => {
    await signInAsAdmin(page)
    const tag = marker()
    await trashAndSpamOne(page, request, baseURL!, tag)
    if (locale === 'en') {
      // Leave the Turkish page first: open, it would write its language back into the cookie.
      await page.goto('about:blank')
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
    }
    const selectAll = locale === 'tr' ? 'Bu sayfadaki tüm mesajları seç' : 'Select all messages on this page'
    const dir = `${process.env.E2E_RESULTS_DIR ?? 'test-results/e2e'}/trash-and-spam-screens`
    const size = SIZES[label]
    await page.setViewportSize(size)
    for (const status of ['trash', 'spam'] as const) {
      await openPage(page, `/admin/messages?q=${tag}&status=${status}`)
      await tick(page.getByRole('checkbox', { name: selectAll }))
      await page.screenshot({ path: `${dir}/${locale}-${label}-${status}-bulk.png` })
      await rows(page).first().click()
      await expect(detail(page).getByTestId('detail-name')).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `no sideways scrolling at ${size.width}px`).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `${dir}/${locale}-${label}-${status}.png` })
    }
    if (locale === 'tr' || label === 'phone') return
    // The English words of both places.
    await openPage(page, `/admin/messages?q=${tag}&status=trash`)
    await expect(page.getByRole('combobox', { name: 'Status filter' })).toHaveText('Trash')
    await expect(page.getByRole('button', { name: 'Empty Trash' })).toBeVisible()
    await expect(page.getByTestId('place-notice')).toContainText('kept here for 30 days')
    const first = rows(page).first()
    await expect(first.getByRole('button', { name: `Restore: Ayşe Yılmaz ${tag}` })).toBeVisible()
    await expect(first.getByRole('button', { name: `Delete Permanently: Ayşe Yılmaz ${tag}` })).toBeVisible()
    await openPage(page, `/admin/messages?q=${tag}&status=spam`)
    await expect(first.getByRole('button', { name: `Not Spam: SEO Expert ${tag}` })).toBeVisible()
    await first.getByRole('button', { name: `Delete: SEO Expert ${tag}` }).click()
    const notice = page.getByTestId('toast').filter({ hasText: 'Message deleted.' })
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible()
  })
}
