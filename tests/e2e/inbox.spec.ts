import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { format } from 'date-fns'
import { tr } from 'date-fns/locale'
import { expect, test } from './fixtures'
import { openPage, signIn, signInAsAdmin, waitForHydration } from './helpers'
import { badgeIn, detail, expectToast, marker, openSearch, row, rows, searchBox, seed, tick } from './inbox-helpers'

/** The admin inbox (docs/product.md#inbox); seeding and locators in ./inbox-helpers.ts. */

test.describe('inbox', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test('shows its texts: title, totals, buttons, filter, table, dates, empty states', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Ayşe ${tag}`, message: `Merhaba, bir teklif rica ediyorum ${tag}.` }])
    await openPage(page, '/admin/messages')
    await expect(page).toHaveTitle(/İletişim Mesajları/)
    await expect(page.getByRole('heading', { level: 1, name: 'İletişim Mesajları' })).toBeVisible()
    await expect(page.getByTestId('inbox-total')).toHaveText(/^Toplam \d+ mesaj$/)
    await expect(page.getByTestId('inbox-unread')).toHaveText(/^\d+ okunmamış$/)
    await expect(page.getByRole('button', { name: 'Yenile' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Banner Yönetimi' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Çıkış' })).toBeVisible()
    await expect(searchBox(page)).toBeVisible()
    for (const column of ['Tarih', 'İsim', 'E-posta', 'Durum', 'İşlemler']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
    }
    await expect(detail(page)).toContainText('Mesaj Detayı')
    await expect(detail(page)).toContainText('Detayları görmek için bir mesaj seçin')

    // The status filter offers exactly six choices: all, each inbox status, spam and the trash.
    const filter = page.getByRole('combobox', { name: 'Durum filtresi' })
    await expect(filter).toHaveText('Tümü')
    await filter.click()
    // (The options shown: the owner filter's own, inside its closed native select, are not.)
    await expect(page.getByRole('option').filter({ visible: true })).toHaveText([
      'Tümü',
      'Yeni',
      'Okundu',
      'Arşivlendi',
      'Spam',
      'Çöp Kutusu',
    ])
    await page.keyboard.press('Escape')

    // Turkish dates, dd MMM yyyy HH:mm.
    const seeded = row(page, tag)
    await expect(seeded).toHaveCount(1)
    // Dates are written in the browser (the reader's time zone), once the page has hydrated.
    await expect(seeded.locator('time').first()).toHaveText(/^\d{2} \S{3} \d{4} \d{2}:\d{2}$/)
    const dateText = (await seeded.locator('time').first().textContent())!.trim()
    expect(dateText.slice(0, 11)).toBe(format(new Date(), 'dd MMM yyyy', { locale: tr }))
    await expect(badgeIn(seeded)).toHaveText('Yeni')
    await expect(badgeIn(seeded).locator('span')).toHaveClass(/bg-red-100/)

    // Nothing found.
    await searchBox(page).fill(`${tag}-none`)
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 0 mesaj')
  })

  test('opens with everything it shows: no server call as the page starts', async ({ page }) => {
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_serverFn/')) calls.push(request.url())
    })
    await openPage(page, '/admin/messages')
    await expect(page.getByTestId('inbox-total')).toHaveText(/^Toplam \d+ mesaj$/)
    await page.waitForLoadState('networkidle')
    // The list, the counts and the late-backups notice came with the page (the route's loader).
    expect(calls).toEqual([])
  })

  test('the first search of a visit asks the server for its list only, not again for the session', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `İlk arama ${tag}`, message: `Oturum sorulmaz ${tag}` }])
    await openPage(page, '/admin/messages')
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_serverFn/')) calls.push(decodeURIComponent(request.url()))
    })
    await searchBox(page).fill(tag)
    await expect(rows(page)).toHaveCount(1)
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    await page.waitForLoadState('networkidle')
    // One call, the list's (its payload carries the search); the session the server checked for
    // the page is reused.
    expect(calls).toHaveLength(1)
    expect(calls[0]).toContain(tag)
  })

  test('a search the server cannot answer is asked for once (with its two retries), then shows the failure; "Tekrar dene" and "Yenile" ask again', async ({
    page,
    request,
    baseURL,
    allowConsole,
  }) => {
    allowConsole(/status of 500/)
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Arıza ${tag}`, message: `Sunucu yanıt veremedi ${tag}` }])
    await openPage(page, '/admin/messages')
    let failing = true
    let calls = 0
    await page.route('**/_serverFn/**', (route) => {
      if (!decodeURIComponent(route.request().url()).includes(tag)) return route.continue()
      calls++
      return failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }) : route.continue()
    })
    await searchBox(page).fill(tag)
    const failure = page.getByRole('alert').filter({ hasText: 'Mesajlar yüklenemedi.' })
    await expect(failure).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`q=${tag}`))
    // The search box's read and its two retries (a blip may pass), then nothing: neither the
    // route's loader nor the table asks again on its own (they did: up to nine calls in all).
    await page.waitForTimeout(1_500)
    expect(calls).toBe(3)
    // What the reader asks for is asked: "Tekrar dene" (the read and its retries, failing again)…
    await failure.getByRole('button', { name: 'Tekrar dene' }).click()
    await expect.poll(() => calls).toBe(6)
    await expect(failure).toBeVisible()
    // …and 'Yenile', which now finds the server answering.
    failing = false
    await page.getByRole('button', { name: 'Yenile' }).click()
    await expect(rows(page)).toHaveCount(1)
    await expect(failure).toBeHidden()
    expect(calls).toBe(7)
  })

  test('opening a new message marks it read; the toggle archives and restores it, keeping read_at', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Mehmet ${tag}`, message: `Satır bir ${tag}\nSatır iki\n\nSatır dört` }])
    await openSearch(page, tag)
    const unread = await page.getByTestId('inbox-unread').textContent()
    await expect(badgeIn(row(page, tag))).toHaveText('Yeni')

    await row(page, tag).click()
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/)
    const panel = detail(page)
    await expect(panel.getByTestId('detail-name')).toHaveText(`Mehmet ${tag}`)
    await expect(panel.getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute('href', 'mailto:visitor@example.com')
    await expect(panel.getByTestId('detail-message')).toHaveText(`Satır bir ${tag}\nSatır iki\n\nSatır dört`)
    await expect(panel.getByTestId('detail-message')).toHaveCSS('white-space', 'pre-wrap')
    await expect(panel.getByTestId('detail-ip')).toHaveText(/^198\.\d+\.\d+\.\d+$/)
    await expect(badgeIn(panel)).toHaveText('Okundu')
    await expect(badgeIn(row(page, tag))).toHaveText('Okundu')
    await expect(page.getByTestId('inbox-unread')).not.toHaveText(unread!)
    const readAt = await panel.getByTestId('detail-read-at').getAttribute('data-value')
    expect(Date.now() - Date.parse(readAt!)).toBeLessThan(60_000)

    // read → archived
    await panel.getByRole('button', { name: 'Arşivle' }).click()
    await expectToast(page, 'Mesaj güncellendi.')
    await expect(badgeIn(panel)).toHaveText('Arşivlendi')
    await expect(badgeIn(row(page, tag))).toHaveText('Arşivlendi')
    await expect(panel.getByTestId('detail-read-at')).toHaveAttribute('data-value', readAt!)

    // archived → read, read_at unchanged
    await panel.getByRole('button', { name: 'Okundu İşaretle' }).click()
    await expect(badgeIn(panel)).toHaveText('Okundu')
    await expect(panel.getByRole('button', { name: 'Arşivle' })).toBeVisible()
    await expect(panel.getByTestId('detail-read-at')).toHaveAttribute('data-value', readAt!)

    // Opening an already read message changes nothing.
    await page.reload()
    await expect(badgeIn(detail(page))).toHaveText('Okundu')
    await expect(detail(page).getByTestId('detail-read-at')).toHaveAttribute('data-value', readAt!)
  })

  test('a shared link shows a new message as new; its toggle makes it read', async ({ page, request, baseURL, context }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Zeynep ${tag}`, message: `Paylaşılan bağlantı ${tag}` }])
    await openSearch(page, tag)
    const id = await row(page, tag).getAttribute('data-id')

    const colleague = await context.newPage()
    await openPage(colleague, `/admin/messages?q=${tag}&id=${id}`)
    const panel = detail(colleague)
    await expect(badgeIn(panel)).toHaveText('Yeni')
    await expect(panel.getByTestId('detail-read-at')).toHaveCount(0)
    await panel.getByRole('button', { name: 'Okundu İşaretle' }).click()
    await expectToast(colleague, 'Mesaj güncellendi.')
    await expect(badgeIn(panel)).toHaveText('Okundu')
    await expect(panel.getByTestId('detail-read-at')).toHaveCount(1)
    await colleague.close()
  })

  test('the row action toggles without opening: new → read → archived → read', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Emre ${tag}`, message: `Satırdan işlem ${tag}` }])
    await openSearch(page, tag)
    const target = row(page, tag)
    await target.getByRole('button', { name: `Okundu İşaretle: Emre ${tag}` }).click()
    await expect(badgeIn(target)).toHaveText('Okundu')
    await target.getByRole('button', { name: `Arşivle: Emre ${tag}` }).click()
    await expect(badgeIn(target)).toHaveText('Arşivlendi')
    await target.getByRole('button', { name: `Okundu İşaretle: Emre ${tag}` }).click()
    await expect(badgeIn(target)).toHaveText('Okundu')
    await expect(page).not.toHaveURL(/[?&]id=/)
  })

  test('search and filter are written to the URL and restored from it', async ({ page, request, baseURL, context }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Laura ${tag}`, message: `Birinci mesaj ${tag}` },
      { name: `Daniel ${tag}`, message: `İkinci mesaj ${tag}` },
    ])
    await openPage(page, '/admin/messages')
    await expect(page).toHaveURL(/\/admin\/messages$/)

    // Typing: the URL follows after a pause and the field keeps focus.
    const input = searchBox(page)
    await input.click()
    await input.pressSequentially(tag, { delay: 20 })
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
    await expect(input).toBeFocused()
    await expect(rows(page)).toHaveCount(2)
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 2 mesaj')

    // Open one (it becomes read), then filter by status.
    await row(page, `Laura ${tag}`).click()
    await expect(badgeIn(row(page, `Laura ${tag}`))).toHaveText('Okundu')
    const filter = page.getByRole('combobox', { name: 'Durum filtresi' })
    await filter.click()
    await page.getByRole('option', { name: 'Yeni' }).click()
    await expect(page).toHaveURL(/[?&]status=new/)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page)).toContainText(`Daniel ${tag}`)

    // Reload: the same view.
    await page.reload()
    await waitForHydration(page)
    await expect(searchBox(page)).toHaveValue(tag)
    await expect(filter).toHaveText('Yeni')
    await expect(rows(page)).toHaveCount(1)

    // A colleague opens the same link.
    const shared = await context.newPage()
    await shared.goto(page.url())
    await expect(searchBox(shared)).toHaveValue(tag)
    await expect(shared.getByRole('combobox', { name: 'Durum filtresi' })).toHaveText('Yeni')
    await expect(rows(shared)).toHaveCount(1)
    await expect(detail(shared).getByTestId('detail-name')).toHaveText(`Laura ${tag}`)
    await shared.close()

    // Back and forward walk through the same states.
    await page.goBack()
    await expect(page).not.toHaveURL(/status=/)
    await expect(filter).toHaveText('Tümü')
    await expect(rows(page)).toHaveCount(2)
    await page.goBack()
    await expect(page).not.toHaveURL(/[?&]id=/)
    await page.goBack()
    await expect(page).not.toHaveURL(/[?&]q=/)
    await expect(searchBox(page)).toHaveValue('')
    await page.goForward()
    await expect(searchBox(page)).toHaveValue(tag)
    await expect(rows(page)).toHaveCount(2)

    // Back to 'Tümü': the default leaves the URL.
    await openPage(page, `/admin/messages?q=${tag}&status=archived`)
    await filter.click()
    await page.getByRole('option', { name: 'Tümü' }).click()
    await expect(page).not.toHaveURL(/status=/)
  })

  test('a list on its way is busy at once and dimmed only once it is slow', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Yavaş ${tag}`, message: `Gecikmeli arama ${tag}` }])
    await openPage(page, '/admin/messages')
    const table = page.getByRole('table')
    // When the table became busy and when it was dimmed, by the page's own clock.
    await table.evaluate((element) => {
      const seen: Record<string, number> = {}
      ;(window as unknown as { __seen: Record<string, number> }).__seen = seen
      new MutationObserver(() => {
        if (element.getAttribute('aria-busy') === 'true') seen.busy ??= performance.now()
        if (element.classList.contains('opacity-60')) seen.dimmed ??= performance.now()
      }).observe(element, { attributes: true })
    })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      void page.route('**/_serverFn/**', async (route) => {
        if (!route.request().url().includes(tag)) return route.continue()
        resolve()
        await new Promise<void>((r) => (release = r))
        await route.continue()
      })
    })
    await searchBox(page).fill(tag)
    await held
    await expect(table).toHaveAttribute('aria-busy', 'true')
    await expect(table).toHaveClass(/opacity-60/)
    const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen)
    // Timers never fire early: a quick answer (most are) would have come before the dimming.
    expect(seen.dimmed! - seen.busy!).toBeGreaterThanOrEqual(190)
    release()
    await expect(rows(page)).toHaveCount(1)
    await expect(table).not.toHaveClass(/opacity-60/)
    await expect(table).toHaveAttribute('aria-busy', 'false')
  })

  test('a search on its way leaves the list shown, busy; opening a message never waits for the list', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Bekleyen ${tag}`, message: `Beklenen liste ${tag}` }])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(1)
    let held = 0
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    await page.route('**/_serverFn/**', async (route) => {
      // The list's calls carry the search in their payload; the message's own read does not.
      if (!decodeURIComponent(route.request().url()).includes('"q"')) return route.continue()
      held++
      await gate
      await route.continue()
    })
    // 'Yenile' reads the list again, held: the row is still there to open, and opens at once.
    await page.getByRole('button', { name: 'Yenile' }).click()
    await expect.poll(() => held).toBe(1)
    await row(page, tag).click()
    await expect(detail(page).getByTestId('detail-name')).toHaveText(`Bekleyen ${tag}`)
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/)
    // A search never made before: the list shown, its count and the URL stay as they are, marked
    // busy, until its answer comes; then the page moves to it at once.
    const before = held
    const shown = page.url()
    await searchBox(page).fill(`${tag}-yok`)
    await expect.poll(() => held).toBeGreaterThan(before)
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    await expect(rows(page)).toHaveCount(1)
    expect(page.url()).toBe(shown)
    release()
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false')
    await expect(rows(page)).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`q=${tag}-yok`))
  })

  test('only the newest search moves the page, and none once the inbox is left', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Sıradaki ${tag}`, message: `En yeni arama ${tag}` }])
    await openPage(page, '/admin/messages')
    const holds: (() => void)[] = []
    // The searches' calls are held one by one; once `holdingOthers`, so is every other request
    // (the next page's files), each until released.
    const others: (() => void)[] = []
    let holdingOthers = false
    await page.route('**/_serverFn/**', async (route) => {
      if (decodeURIComponent(route.request().url()).includes(tag)) await new Promise<void>((resolve) => holds.push(resolve))
      else if (holdingOthers) await new Promise<void>((resolve) => others.push(resolve))
      await route.continue()
    })
    await page.route('**/assets/**', async (route) => {
      if (holdingOthers) await new Promise<void>((resolve) => others.push(resolve))
      await route.continue()
    })
    const answerTo = (q: string) => page.waitForResponse((r) => decodeURIComponent(r.url()).includes(`"${q}"`))
    /** The answer to `q` has come and the page has had time to act on it. */
    async function answered(q: string, hold: () => void) {
      const answer = answerTo(q)
      hold()
      await answer
      await page.waitForTimeout(300)
    }
    const input = searchBox(page)
    await input.fill(`${tag}-eski`)
    await expect.poll(() => holds.length).toBe(1)
    await input.fill(tag)
    await expect.poll(() => holds.length).toBe(2)
    // The newer search's answer comes first: the page moves to it.
    await answered(tag, holds[1]!)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}$`))
    await expect(rows(page)).toHaveCount(1)
    // The older one's answer, late: overtaken, it moves nothing.
    await answered(`${tag}-eski`, holds[0]!)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}$`))
    await expect(rows(page)).toHaveCount(1)
    await expect(input).toHaveValue(tag)

    // A search on its way when the reader leaves for another page does not bring them back, even
    // when its answer comes while that page is still loading (the inbox still on screen).
    await input.fill(`${tag}-son`)
    await expect.poll(() => holds.length).toBe(3)
    holdingOthers = true
    await page.getByRole('link', { name: 'Ekip' }).click()
    await expect(page).toHaveURL(/\/admin\/team$/)
    await expect.poll(() => others.length).toBeGreaterThan(0)
    await expect(searchBox(page)).toBeVisible()
    await answered(`${tag}-son`, holds[2]!)
    holdingOthers = false
    for (const release of others) release()
    await expect(page.getByRole('heading', { level: 1, name: 'Ekip' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/team$/)
  })

  test('no accessibility violations, with a message open and rows selected', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Erişilebilir ${tag}`, message: `Ekran okuyucu ${tag}` }])
    await openSearch(page, tag)
    await row(page, tag).click()
    await expect(badgeIn(detail(page))).toHaveText('Okundu')
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await expect(page.getByText('1 mesaj seçili')).toBeVisible()
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  test('a lost session sends the admin through the login and back to the same view', async ({ page, context, allowConsole }) => {
    allowConsole(/status of 401/)
    await openPage(page, '/admin/messages?status=read')
    await expect(page.getByRole('combobox', { name: 'Durum filtresi' })).toHaveText('Okundu')
    await context.clearCookies()
    await page.getByRole('button', { name: 'Yenile' }).click()
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fmessages%3Fstatus%3Dread/)
  })

  test('bad search params fall back instead of failing', async ({ page }) => {
    await page.goto('/admin/messages?status=junk&page=-3&id=not-a-uuid')
    await expect(page.getByRole('combobox', { name: 'Durum filtresi' })).toHaveText('Tümü')
    await expect(page.getByTestId('inbox-total')).toHaveText(/^Toplam \d+ mesaj$/)
    await expect(detail(page)).toContainText('Detayları görmek için bir mesaj seçin')
  })

  test('pages through results 50 at a time, with the total', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(
      request,
      baseURL!,
      Array.from({ length: 53 }, (_, i) => ({ name: `Kişi ${i + 1} ${tag}`, message: `Sayfalama denemesi ${tag}` })),
    )
    await openSearch(page, tag)
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 53 mesaj')
    await expect(rows(page)).toHaveCount(50)
    await expect(page.getByTestId('inbox-range')).toHaveText('1–50 / 53')
    await expect(rows(page).first()).toContainText(`Kişi 53 ${tag}`)
    await page.getByRole('button', { name: 'Sonraki' }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(rows(page)).toHaveCount(3)
    await expect(page.getByTestId('inbox-range')).toHaveText('51–53 / 53')
    await expect(page.getByText('Sayfa 2 / 2')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sonraki' })).toBeDisabled()
    await page.reload()
    await waitForHydration(page)
    await expect(rows(page)).toHaveCount(3)
    await page.getByRole('button', { name: 'Önceki' }).click()
    await expect(page).not.toHaveURL(/page=/)
    await expect(rows(page)).toHaveCount(50)

    // Clean up: select a page at a time and delete it (to the trash: out of every other view).
    for (const expected of [50, 3]) {
      await expect(rows(page)).toHaveCount(expected)
      await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
      await page.getByRole('button', { name: 'Sil', exact: true }).first().click()
      await expectToast(page, `${expected} mesaj silindi.`)
    }
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
  })

  test('delete moves the message to the trash at once and closes it; deleting for good asks first', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `Gökhan ${tag}`, message: `Silinecek mesaj ${tag}` }])
    await openSearch(page, tag)
    await row(page, tag).click()
    const panel = detail(page)
    await panel.getByRole('button', { name: 'Sil' }).click()
    await expectToast(page, 'Mesaj silindi.')
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/[?&]id=/)
    await expect(panel).toContainText('Detayları görmek için bir mesaj seçin')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 0 mesaj')

    // In the trash, 'Kalıcı Olarak Sil' asks, naming the sender, with focus on 'İptal'.
    await openSearch(page, tag, '&status=trash')
    await row(page, tag).click()
    await panel.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('Mesaj kalıcı olarak silinsin mi?')
    await expect(dialog).toContainText(`Gökhan ${tag}`)
    await expect(dialog.getByRole('button', { name: 'İptal' })).toBeFocused()
    await dialog.getByRole('button', { name: 'İptal' }).click()
    await expect(dialog).toBeHidden()
    await expect(rows(page)).toHaveCount(1)

    await panel.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
    await expectToast(page, '1 mesaj kalıcı olarak silindi.')
    await expect(page).not.toHaveURL(/[?&]id=/)
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 0 mesaj')
  })

  test('Yenile fetches messages that arrived since the page loaded', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [{ name: `İlk ${tag}`, message: `Önceden gelen ${tag}` }])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(1)
    await seed(request, baseURL!, [{ name: `Yeni gelen ${tag}`, message: `Sonradan gelen ${tag}` }])
    await expect(rows(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Yenile' }).click()
    await expect(rows(page)).toHaveCount(2)
    await expect(page.getByTestId('inbox-total')).toHaveText('Toplam 2 mesaj')
    await expect(rows(page).first()).toContainText(`Yeni gelen ${tag}`)
  })

  test('selected rows can be marked read, archived and deleted together', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Bir ${tag}`, message: `Toplu işlem ${tag}` },
      { name: `İki ${tag}`, message: `Toplu işlem ${tag}` },
      { name: `Üç ${tag}`, message: `Toplu işlem ${tag}` },
    ])
    await openSearch(page, tag)
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await expect(page.getByText('3 mesaj seçili')).toBeVisible()
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Okundu İşaretle' }).click()
    await expectToast(page, '3 mesaj güncellendi.')
    await expect(badgeIn(rows(page))).toHaveText(['Okundu', 'Okundu', 'Okundu'])
    await expect(page.getByText('3 mesaj seçili')).toBeHidden()

    await tick(page.getByRole('checkbox', { name: `Seç: Bir ${tag}` }))
    await tick(page.getByRole('checkbox', { name: `Seç: Üç ${tag}` }))
    await expect(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' })).not.toBeChecked()
    await page.getByRole('region', { name: '2 mesaj seçili' }).getByRole('button', { name: 'Arşivle' }).click()
    await expectToast(page, '2 mesaj güncellendi.')
    await expect(badgeIn(row(page, `Bir ${tag}`))).toHaveText('Arşivlendi')
    await expect(badgeIn(row(page, `İki ${tag}`))).toHaveText('Okundu')
    await expect(badgeIn(row(page, `Üç ${tag}`))).toHaveText('Arşivlendi')

    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Sil' }).click()
    await expectToast(page, '3 mesaj silindi.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()

    // Deleting the three for good asks first, counting them.
    await openSearch(page, tag, '&status=trash')
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await page.getByRole('region', { name: '3 mesaj seçili' }).getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('3 mesaj kalıcı olarak silinsin mi?')
    await dialog.getByRole('button', { name: 'Kalıcı Olarak Sil' }).click()
    await expectToast(page, '3 mesaj kalıcı olarak silindi.')
    await expect(page.getByText('Mesaj bulunamadı')).toBeVisible()
  })

  test('exports the filtered view as CSV that Excel reads: BOM, CRLF, Turkish letters, no formulas', async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Şükrü Öğütçü ${tag}`, email: 'sukru@example.com', message: `Çağrı; "alıntı", ığüşöçİ ${tag}\nikinci satır` },
      // A formula (a link in a name would be spam's, docs/spam.md): the export must defuse it.
      { name: `=HYPERLINK("x") ${tag}`, message: `+90 555 000 00 00 ${tag}` },
    ])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(2)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV İndir' }).click()])
    expect(download.suggestedFilename()).toMatch(/^iletisim-mesajlari-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/)
    const bytes = readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('"Tarih";"İsim";"E-posta";"Durum";"Mesaj";"Okunma Tarihi";"IP Adresi";"Kaynak"')
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text).toContain(`"Şükrü Öğütçü ${tag}";"sukru@example.com";"Yeni";"Çağrı; ""alıntı"", ığüşöçİ ${tag}\nikinci satır"`)
    expect(text).toContain(`"'=HYPERLINK(""x"") ${tag}"`)
    expect(text).toContain(`"'+90 555 000 00 00 ${tag}"`)
    expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}";/)
  })

  test('keyboard: j/k move, Enter opens, / focuses the search, Escape closes', async ({ page, request, baseURL }) => {
    const tag = marker()
    await seed(request, baseURL!, [
      { name: `Üçüncü ${tag}`, message: `Klavye ${tag}` },
      { name: `İkinci ${tag}`, message: `Klavye ${tag}` },
      { name: `Birinci ${tag}`, message: `Klavye ${tag}` },
    ])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(3)
    await page.locator('h1').click()
    await page.keyboard.press('j')
    await expect(rows(page).nth(0)).toHaveAttribute('data-active', 'true')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await expect(rows(page).nth(2)).toHaveAttribute('data-active', 'true')
    await page.keyboard.press('k')
    await expect(rows(page).nth(1)).toHaveAttribute('data-active', 'true')
    await page.keyboard.press('Enter')
    await expect(detail(page).getByTestId('detail-name')).toHaveText(`İkinci ${tag}`)
    await expect(badgeIn(detail(page))).toHaveText('Okundu')
    await page.keyboard.press('Escape')
    await expect(page).not.toHaveURL(/[?&]id=/)
    await page.keyboard.press('/')
    await expect(searchBox(page)).toBeFocused()
    // Typed into the search box, j and k are letters.
    await page.keyboard.type('jk')
    await expect(searchBox(page)).toHaveValue(`${tag}jk`)
  })

  test('hostile content is shown as text and never breaks the layout', async ({ page, request, baseURL }) => {
    const tag = marker()
    const script = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> ${tag}`
    const longWord = 'A'.repeat(4900)
    const rtl = 'مرحبا، نود الحصول على عرض سعر. שלום עולם'
    await seed(request, baseURL!, [
      { name: `<b>Kalın</b> ${tag}`, message: script },
      { name: `${'Ş'.repeat(80)} ${tag}`, email: `${'uzun'.repeat(20)}@example.com`, message: `${longWord} ${tag}` },
      // Mostly Turkish with a right-to-left quote: a message mostly in another script is spam's.
      {
        name: `Leyla مرحبا ${tag}`,
        message: `Dubai ofisimiz için dijital dönüşüm teklifi rica ediyoruz; müşterimizin notu aşağıda: ${rtl} 🎉👍🏽👨‍👩‍👧 ${tag}`,
      },
    ])
    await openSearch(page, tag)
    await expect(rows(page)).toHaveCount(3)
    await expect(row(page, '<b>Kalın</b>')).toHaveCount(1)

    await row(page, '<b>Kalın</b>').click()
    await expect(detail(page).getByTestId('detail-message')).toHaveText(script)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()

    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size)
      await row(page, 'ŞŞŞŞ').click()
      await expect(detail(page).getByTestId('detail-message')).toContainText(longWord)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `no sideways scrolling at ${size.width}px`).toBeLessThanOrEqual(0)
      const panel = await detail(page).boundingBox()
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(size.width + 1)
      await page.keyboard.press('Escape')
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await row(page, 'مرحبا').click()
    await expect(detail(page).getByTestId('detail-message')).toContainText('👨‍👩‍👧')
    await expect(detail(page).getByTestId('detail-message')).toHaveAttribute('dir', 'auto')
  })
})

test('the English admin reads English labels and dates', async ({ page, context, request, baseURL }) => {
  await signInAsAdmin(page)
  // Leave the Turkish page first: while open, it would write its own language back into the
  // cookie as the English page loads (a hydration mismatch that the console check catches).
  await page.goto('about:blank')
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
  const tag = marker()
  await seed(request, baseURL!, [{ name: `Sarah ${tag}`, message: `English admin ${tag}` }])
  await openPage(page, `/admin/messages?q=${tag}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Messages' })).toBeVisible()
  await expect(page.getByTestId('inbox-total')).toHaveText('Total 1 message')
  for (const column of ['Date', 'Name', 'Email', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  }
  await expect(badgeIn(row(page, tag))).toHaveText('New')
  await expect(row(page, tag).locator('time').first()).toHaveText(/^\d{2} \S{3} \d{4} \d{2}:\d{2}$/)
  const dateText = (await row(page, tag).locator('time').first().textContent())!.trim()
  expect(dateText.slice(0, 11)).toBe(format(new Date(), 'dd MMM yyyy'))
})

// Every view at phone and desktop width, with its screenshot kept in the test results for review.
test('list, detail, delete notice, hostile content and bulk bar at phone and desktop widths', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAsAdmin(page)
  const tag = marker()
  await seed(request, baseURL!, [
    {
      name: `Ayşe Yılmaz ${tag}`,
      email: 'ayse.yilmaz@example.com',
      message: `Merhaba,\n\nERP seçim sürecimizde destek almak istiyoruz. ${tag}\n\nSaygılarımla`,
    },
    {
      name: `Daniel Hughes ${tag}`,
      email: 'daniel.hughes@example.org',
      message: `We are planning a CRM migration next year. ${tag}`,
    },
    { name: `${'Ş'.repeat(60)} ${tag}`, email: `${'uzun'.repeat(15)}@example.com`, message: `${'A'.repeat(3000)} ${tag}` },
  ])
  const dir = `${process.env.E2E_RESULTS_DIR ?? 'test-results/e2e'}/inbox-screens`
  for (const [label, size] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size)
    await openPage(page, '/admin/messages')
    await expect(rows(page).first()).toBeVisible()
    await page.screenshot({ path: `${dir}/${label}-list.png` })
    await row(page, `Ayşe Yılmaz ${tag}`).click()
    await expect(detail(page).getByTestId('detail-name')).toBeVisible()
    await page.screenshot({ path: `${dir}/${label}-detail.png` })
    // Deleted: the notice with 'Geri Al', which puts it back.
    await detail(page).getByRole('button', { name: 'Sil' }).click()
    const notice = page.getByTestId('toast').filter({ hasText: 'Mesaj silindi.' })
    await expect(notice.getByRole('button', { name: 'Geri Al' })).toBeVisible()
    await page.screenshot({ path: `${dir}/${label}-delete.png` })
    await notice.getByRole('button', { name: 'Geri Al' }).click()
    await expect(row(page, `Ayşe Yılmaz ${tag}`)).toHaveCount(1)
    await openPage(page, `/admin/messages?q=${tag}`)
    await row(page, 'ŞŞŞ').click()
    await page.screenshot({ path: `${dir}/${label}-hostile.png` })
    await page.keyboard.press('Escape')
    await tick(page.getByRole('checkbox', { name: 'Bu sayfadaki tüm mesajları seç' }))
    await page.screenshot({ path: `${dir}/${label}-bulk.png` })
  }
})

test('sign-out from the inbox ends the session and returns to the login', async ({ browser, baseURL, clientIp }) => {
  // An admin of its own (playwright.config.ts): the shared session stays valid, and no code
  // of the seeded admin's (one per e-mail per minute) has to be waited out.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } })
  const page = await context.newPage()
  await signIn(page, 'inbox-signout@example.com')
  await expect(page).toHaveURL(/\/admin\/messages/)
  await page.getByRole('button', { name: 'Çıkış' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/login/)
  await context.close()
})
