import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openPage, signInAsAdmin } from './helpers'
import { detail, marker, openSearch, row, rows, seed } from './inbox-helpers'

/**
 * The inbox's dates (docs/product.md#dates): `?from=&to=` as Istanbul days, set with 'Başlangıç',
 * 'Bitiş' or a quick choice, shareable as a link; dates the list cannot use are said, and the list
 * is shown without them; the CSV follows every filter.
 */

const istanbulDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

const fromInput = (page: Page) => page.getByLabel('Başlangıç', { exact: true })
const toInput = (page: Page) => page.getByLabel('Bitiş', { exact: true })
const problem = (page: Page) => page.getByRole('alert').filter({ hasText: 'tarihe göre süzülmeden' })

async function csvOf(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV İndir' }).click()])
  return readFileSync((await download.path())!).toString('utf8')
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page)
})

test('dates: quick choices, typed days, reversed and unreadable dates; the CSV follows every filter', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = marker()
  await seed(request, baseURL!, [
    { name: `Tarihli Bir ${tag}`, message: `Tarih süzgeci ${tag}` },
    { name: `Tarihli İki ${tag}`, message: `Tarih süzgeci ${tag}` },
  ])
  const today = istanbulDay(new Date())
  await openSearch(page, tag)
  await expect(rows(page)).toHaveCount(2)

  // 'Bugün': today's Istanbul day at both ends, in the URL and the fields.
  await page.getByRole('button', { name: 'Bugün' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}&.*to=${today}|[?&]to=${today}&.*from=${today}`))
  await expect(page.getByRole('button', { name: 'Bugün' })).toHaveAttribute('aria-pressed', 'true')
  await expect(fromInput(page)).toHaveValue(today)
  await expect(toInput(page)).toHaveValue(today)
  await expect(rows(page)).toHaveCount(2)

  // Days typed in the fields: a month long past holds none of them.
  await fromInput(page).fill('2001-01-01')
  await toInput(page).fill('2001-01-31')
  await expect(page).toHaveURL(/from=2001-01-01/)
  await expect(page).toHaveURL(/to=2001-01-31/)
  await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
  await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 0 mesaj')
  await expect(problem(page)).toHaveCount(0)
  // …and the CSV of that view is its header alone.
  expect((await csvOf(page)).split('\r\n').filter(Boolean)).toHaveLength(1)

  // The start after the end: said, and the list shown without the dates.
  await fromInput(page).fill('2001-02-10')
  await expect(problem(page)).toHaveText('Başlangıç tarihi Bitiş tarihinden sonra. Mesajlar tarihe göre süzülmeden gösteriliyor.')
  await expect(rows(page)).toHaveCount(2)
  await expect(fromInput(page)).toHaveAttribute('aria-invalid', 'true')

  // A link with an unreadable day: said, never a server error, the list unfiltered.
  const response = await openPage(page, `/admin/messages?q=${tag}&from=2026-02-30&to=d%C3%BCn`)
  expect(response?.status()).toBe(200)
  await expect(problem(page)).toHaveText(
    'Tarih aralığı okunamadı: tarihler YYYY-AA-GG biçiminde olmalı. Mesajlar tarihe göre süzülmeden gösteriliyor.',
  )
  await expect(rows(page)).toHaveCount(2)
  await page.getByRole('button', { name: 'Tarihleri Temizle' }).click()
  await expect(page).not.toHaveURL(/from=|to=/)
  await expect(problem(page)).toHaveCount(0)

  // The CSV follows status, search and dates together: the one read today, not the other.
  await row(page, `Tarihli Bir ${tag}`).getByRole('button').first().click()
  await expect(detail(page)).toContainText(`Tarihli Bir ${tag}`)
  await openSearch(page, tag, `&status=read&from=${today}&to=${today}`)
  await expect(rows(page)).toHaveCount(1)
  const csv = await csvOf(page)
  expect(csv).toContain(`Tarihli Bir ${tag}`)
  expect(csv).not.toContain(`Tarihli İki ${tag}`)
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2)
})
