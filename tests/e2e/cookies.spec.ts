import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openPage, signIn } from './helpers'

/** Signs in and out here, so it has an account of its own (playwright.config.ts). */
const STAFF = 'cookies-signin@example.com'

/** Every cookie name a response sets. */
function setCookieNames(headers: { name: string; value: string }[]): string[] {
  return headers.filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value.split('=')[0]?.trim() ?? '')
}

/** The cookie names the cookie policy lists, as a reader sees them in the table. */
async function listedCookies(page: Page, path: string): Promise<string[]> {
  await openPage(page, path)
  const names = await page.getByTestId('cookie-row').locator('code').allTextContents()
  expect(names.length, `cookies listed on ${path}`).toBeGreaterThan(0)
  return names
}

/** GET without following redirects, so every hop's Set-Cookie is seen. */
async function visit(request: APIRequestContext, path: string, seen: Set<string>): Promise<APIResponse> {
  const response = await request.get(path, { maxRedirects: 0 })
  for (const name of setCookieNames(response.headersArray())) seen.add(name)
  return response
}

test('the cookie policy lists every cookie the site sets, for a visitor and for signed-in staff', async ({ page, request }) => {
  const seen = new Set<string>()

  // A visitor, by plain requests: every public page, the site files, a missing page, the sign-in
  // page, and a message posted by the form without JavaScript.
  const landing = await visit(request, '/', seen)
  for (const path of ['/en', '/kvkk', '/en/data-protection', '/gizlilik', '/en/privacy', '/cerezler', '/en/cookies']) {
    expect((await visit(request, path, seen)).status(), path).toBe(200)
  }
  for (const path of ['/sitemap.xml', '/robots.txt', '/no-such-page', '/en/no-such-page', '/admin', '/admin/login']) {
    await visit(request, path, seen)
  }
  const form = (await landing.text()).match(/<form[^>]*data-testid="contact-form"[^>]*>/)?.[0] ?? ''
  const action = form.match(/action="([^"]+)"/)?.[1]
  expect(action, 'the contact form posts without JavaScript').toBeTruthy()
  const posted = await request.post(action ?? '', {
    maxRedirects: 0,
    // As a browser posting the form sends it (the CSRF check wants the site's own origin).
    headers: { origin: new URL(landing.url()).origin },
    form: { name: 'Çerez Testi', email: 'cookie-test@example.com', message: 'Bu mesaj çerez testinden geliyor.', locale: 'tr' },
  })
  expect(posted.status()).toBeLessThan(400)
  for (const name of setCookieNames(posted.headersArray())) seen.add(name)

  // A browser: the landing page in both languages, then staff sign in, work and sign out.
  page.on('response', async (response) => {
    for (const name of setCookieNames(await response.headersArray())) seen.add(name)
  })
  await openPage(page, '/')
  await page.getByTestId('language-toggle').click()
  await expect(page).toHaveURL(/\/en$/)
  // Back to Turkish: the sign-in page follows the language cookie, and signIn reads Turkish labels.
  await page.getByTestId('language-toggle').click()
  await expect(page).toHaveURL(/\/$/)
  await signIn(page, STAFF)
  await expect(page).toHaveURL(/\/admin\/messages/)
  for (const { name } of await page.context().cookies()) seen.add(name)
  await openPage(page, '/admin/team')
  for (const { name } of await page.context().cookies()) seen.add(name)
  await page.getByRole('button', { name: 'Çıkış' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  for (const { name } of await page.context().cookies()) seen.add(name)

  // The staff session was seen (so the test can fail), and every name seen is in the policy.
  expect([...seen]).toEqual(expect.arrayContaining(['PARAGLIDE_LOCALE', 'session']))
  for (const path of ['/cerezler', '/en/cookies']) {
    const listed = await listedCookies(page, path)
    expect(
      [...seen].filter((name) => !listed.includes(name)),
      `cookies set but not listed on ${path}`,
    ).toEqual([])
  }
})
