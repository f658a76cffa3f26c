import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { STAFF_EMAIL, openPage, readOutbox, waitForCode, waitForHydration } from './helpers'

/**
 * Staff sign-in with a one-time e-mail code (docs/product.md#staff-sign-in). Each test that asks for a code uses an
 * admin of its own, seeded through SEED_ADMIN_EMAILS in playwright.config.ts: one code per
 * e-mail per minute, and admin@example.com stays free for the other suites' signInAsAdmin.
 * The expired-code test runs in auth-expiry.spec.ts, against a server with a short code TTL.
 */
const ACCOUNTS = {
  signIn: 'auth-signin@example.com',
  wrongCode: 'auth-wrong@example.com',
  attempts: 'auth-attempts@example.com',
  resend: 'auth-resend@example.com',
  signOut: 'auth-signout@example.com',
  browsers: 'auth-browsers@example.com',
  early: 'auth-early@example.com',
}

async function requestCode(page: Page, email: string): Promise<string> {
  const since = new Date(Date.now() - 1000)
  await page.getByLabel('E-posta').fill(email)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  await expectToast(page, 'Kod Gönderildi', 'E-posta adresinize doğrulama kodu gönderildi.')
  return waitForCode(email, since)
}

async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = page.getByTestId('toast').filter({ hasText: title }).filter({ hasText: description }).last()
  await expect(toast).toBeVisible()
}

/** Submits the code and returns the verify call's HTTP status and body. */
async function submitCode(page: Page, code: string): Promise<{ status: number; body: string }> {
  await page.getByLabel('Doğrulama Kodu').fill(code)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Giriş Yap' }).click(),
  ])
  return { status: response.status(), body: await response.text() }
}

/** A refused sign-in is a 4xx answer, which Chromium reports in the console. */
const REFUSED = /Failed to load resource: the server responded with a status of 4(00|03|22|29)/

function wrongCodeFor(code: string): string {
  return code.replace(/^\d/, (d) => String((Number(d) + 1) % 10))
}

test('a deep link while signed out goes through the login and back to the inbox', async ({ page }) => {
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fmessages/)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Admin Paneli' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

  const code = await requestCode(page, ACCOUNTS.signIn)
  // Step 2 starts in the code field, with a hint naming the address.
  const codeField = page.getByLabel('Doğrulama Kodu')
  await expect(codeField).toBeFocused()
  await expect(codeField).toHaveAttribute('inputmode', 'numeric')
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(page.getByText(ACCOUNTS.signIn)).toBeVisible()
  // Pasted the way mail clients show it: in two groups.
  await submitCode(page, `${code.slice(0, 3)} ${code.slice(3)}`)
  await expectToast(page, 'Başarılı', 'Giriş başarılı! Yönlendiriliyorsunuz...')
  await expect(page).toHaveURL(/\/admin\/messages$/)

  // Signed in: the login page sends the admin straight on, and so does /admin.
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/messages$/)
})

test('a wrong code is refused; Geri Dön returns to the e-mail step', async ({ page, allowConsole }) => {
  allowConsole(REFUSED)
  await openPage(page, '/admin/login')
  const code = await requestCode(page, ACCOUNTS.wrongCode)
  // Not six digits: caught in the browser, nothing is sent.
  await page.getByLabel('Doğrulama Kodu').fill('12ab')
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page.getByText('Kod 6 rakamdan oluşmalıdır.')).toBeVisible()

  const answer = await submitCode(page, wrongCodeFor(code))
  expect(answer.status).toBe(400)
  await expectToast(page, 'Hata', 'Kod hatalı veya süresi dolmuş.')
  await expect(page).toHaveURL(/\/admin\/login/)

  await page.getByRole('button', { name: 'Geri Dön' }).click()
  await expect(page.getByLabel('Doğrulama Kodu')).toHaveCount(0)
  await expect(page.getByLabel('E-posta')).toHaveValue(ACCOUNTS.wrongCode)
})

test('a code works only in the browser that asked: a stranger’s code request and ten wrong codes elsewhere change nothing', async ({
  page,
  browser,
  baseURL,
  allowConsole,
}) => {
  allowConsole(REFUSED)
  await openPage(page, '/admin/login')
  const mine = await requestCode(page, ACCOUNTS.browsers)
  // A second browser, from another address, asks for a code for the same address…
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.254.0.1' } })
  try {
    const stranger = await elsewhere.newPage()
    await openPage(stranger, '/admin/login')
    const theirs = await requestCode(stranger, ACCOUNTS.browsers)
    // …where my code is refused…
    if (theirs !== mine) expect((await submitCode(stranger, mine)).status).toBe(400)
    // …and types wrong codes, ten in all.
    const wrong = wrongCodeFor(mine) === theirs ? wrongCodeFor(theirs) : wrongCodeFor(mine)
    for (let attempt = theirs !== mine ? 2 : 1; attempt <= 10; attempt++) {
      expect((await submitCode(stranger, wrong)).status).toBe(400)
    }
    await expect(stranger).toHaveURL(/\/admin\/login/)
  } finally {
    await elsewhere.close()
  }
  // My code, in my browser, still signs me in.
  await submitCode(page, mine)
  await expectToast(page, 'Başarılı', 'Giriş başarılı! Yönlendiriliyorsunuz...')
  await expect(page).toHaveURL(/\/admin\/messages$/)
})

test('an address typed before the page is interactive is kept, and the code goes to it', async ({ page }) => {
  // The page's scripts held back: it is painted and can be typed into, not yet hydrated.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.goto('/admin/login', { waitUntil: 'commit' })
  await page.getByLabel('E-posta').fill(ACCOUNTS.early)
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false)
  await waitForHydration(page)
  await expect(page.getByLabel('E-posta')).toHaveValue(ACCOUNTS.early)
  const since = new Date(Date.now() - 1000)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  await expectToast(page, 'Kod Gönderildi', 'E-posta adresinize doğrulama kodu gönderildi.')
  expect(await waitForCode(ACCOUNTS.early, since)).toMatch(/^\d{6}$/)
})

test('an invalid address is caught before anything is sent', async ({ page }) => {
  await openPage(page, '/admin/login')
  await page.getByLabel('E-posta').fill('not-an-address')
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  await expect(page.getByText('Lütfen geçerli bir e-posta adresi girin.')).toBeVisible()
  await expect(page.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true')
})

test('five wrong codes kill the code: the sixth try fails even with the right one', async ({ page, allowConsole }) => {
  allowConsole(REFUSED)
  await openPage(page, '/admin/login')
  const code = await requestCode(page, ACCOUNTS.attempts)
  const wrong = wrongCodeFor(code)
  for (let attempt = 1; attempt <= 4; attempt++) {
    expect((await submitCode(page, wrong)).body).toContain('auth_invalid_code')
  }
  // The fifth wrong try uses the code up, and says so.
  expect((await submitCode(page, wrong)).body).toContain('auth_too_many_attempts')
  await expectToast(page, 'Hata', 'Çok fazla hatalı deneme yapıldı. Lütfen yeni bir kod isteyin.')
  const sixth = await submitCode(page, code)
  expect(sixth.status).toBe(400)
  expect(sixth.body).toContain('auth_too_many_attempts')
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByLabel('Doğrulama Kodu')).toBeVisible()
})

test('a second code within the minute is refused with the seconds to wait', async ({ page, allowConsole }) => {
  allowConsole(REFUSED)
  await openPage(page, '/admin/login')
  await requestCode(page, ACCOUNTS.resend)
  await page.getByRole('button', { name: 'Geri Dön' }).click()
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  await expectToast(page, 'Hata', /Güvenlik nedeniyle yeni bir kodu \d+ saniye sonra isteyebilirsiniz\./)
  await expect(page.getByLabel('Doğrulama Kodu')).toHaveCount(0)
})

test('an unknown address gets no code and no more detail than Supabase gives', async ({ page, allowConsole }) => {
  allowConsole(REFUSED)
  const email = `nobody-${Date.now()}@example.com`
  await openPage(page, '/admin/login')
  await page.getByLabel('E-posta').fill(email)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  await expectToast(page, 'Hata', 'Bu e-posta adresine giriş kodu gönderilemiyor. Lütfen adresi kontrol edin.')
  await expect(page.getByLabel('Doğrulama Kodu')).toHaveCount(0)
  expect(readOutbox().filter((mail) => mail.to === email)).toEqual([])
})

test('a verified non-admin is told so and signed out', async ({ page, allowConsole }) => {
  allowConsole(REFUSED)
  await openPage(page, '/admin/login')
  const code = await requestCode(page, STAFF_EMAIL)
  expect((await submitCode(page, code)).status).toBe(403)
  await expectToast(page, 'Yetkisiz Erişim', 'Bu panele erişim yetkiniz bulunmamaktadır.')
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByLabel('E-posta')).toBeVisible()
  expect((await page.context().cookies()).filter((c) => c.name.endsWith('session') && c.value)).toEqual([])
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/login/)
})

test('Çıkış ends the session and returns to the login', async ({ page }) => {
  await openPage(page, '/admin/login')
  const code = await requestCode(page, ACCOUNTS.signOut)
  await submitCode(page, code)
  await expect(page).toHaveURL(/\/admin\/messages$/)
  const sessionCookie = (await page.context().cookies()).find((c) => c.name.endsWith('session'))
  expect(sessionCookie?.httpOnly).toBe(true)
  expect(sessionCookie?.sameSite).toBe('Lax')

  await page.getByRole('button', { name: 'Çıkış' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('button', { name: 'Doğrulama Kodu Gönder' })).toBeVisible()
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/login/)

  // The old cookie is worthless now: the session was revoked on the server.
  if (sessionCookie) await page.context().addCookies([sessionCookie])
  await page.goto('/admin/messages')
  await expect(page).toHaveURL(/\/admin\/login/)
})

test('the login page is in English when the language cookie says so', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
  await page.goto('/admin/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Verification Code' })).toBeVisible()
})
