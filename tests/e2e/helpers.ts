import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Locator, Page, Response } from '@playwright/test'
import { expect } from './fixtures'

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e'
/** Seeded by the embedded backend on a fresh data folder. */
export const ADMIN_EMAIL = 'admin@example.com'
export const STAFF_EMAIL = 'staff@example.com'

/**
 * The longest a page may take to hydrate. The landing pages fetch their code only after the
 * first paint, then parse it and hydrate; on a machine where another process holds a core that
 * has taken more than 7 s. A wait on the readiness signal ends as soon as the page is ready.
 */
export const HYDRATION_TIMEOUT = 30_000

/**
 * Waits for the app's own readiness signal (`useAnnounceHydrated` in src/lib/early-clicks.ts):
 * `data-hydrated` on `<html>` once the page's code has hydrated it and its handlers are
 * attached, or on an island that hydrates later (the contact form) when given its locator.
 */
export async function waitForHydration(target: Page | Locator): Promise<void> {
  const element = 'goto' in target ? target.locator('html') : target
  await expect(element, 'the readiness signal (data-hydrated)').toHaveAttribute('data-hydrated', '', {
    timeout: HYDRATION_TIMEOUT,
  })
}

/** Opens `path` and waits until the page has hydrated: what a test needs before it clicks or types. */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

export interface OutboxMail {
  to: string
  subject: string
  text: string
  sentAt: string
  /** sign_in_code, new_message or digest: admins get notifications in the same outbox. */
  kind?: string
}

export function readOutbox(dataDir = E2E_DATA_DIR): OutboxMail[] {
  const file = join(dataDir, 'outbox.jsonl')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail)
}

/** Waits for a mail to `to` sent after `since` and returns the 6-digit code in it. */
export async function waitForCode(to: string, since: Date, dataDir = E2E_DATA_DIR): Promise<string> {
  let code = ''
  await expect
    .poll(
      () => {
        const mail = readOutbox(dataDir)
          .filter((m) => m.to === to && new Date(m.sentAt) >= since && (m.kind ?? 'sign_in_code') === 'sign_in_code')
          .at(-1)
        code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
        return code
      },
      { message: `a sign-in code mailed to ${to}` },
    )
    .not.toBe('')
  return code
}

/** Signs in through the real login page with a code read from the outbox. */
export async function signIn(page: Page, email = ADMIN_EMAIL): Promise<void> {
  await openPage(page, '/admin/login')
  const since = new Date(Date.now() - 1000)
  await page.getByLabel('E-posta').fill(email)
  await page.getByRole('button', { name: 'Doğrulama Kodu Gönder' }).click()
  const code = await waitForCode(email, since)
  await page.getByLabel('Doğrulama Kodu').fill(code)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

const ADMIN_STATE = join(E2E_DATA_DIR, 'admin-session.json')

/**
 * Signs in as the seeded admin once per test run and reuses that session afterwards:
 * a code can be requested only once a minute per e-mail, and most tests only need to
 * be signed in. Tests that sign out must use another account (or sign in with `signIn`).
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  if (existsSync(ADMIN_STATE)) {
    await page.context().addCookies(JSON.parse(readFileSync(ADMIN_STATE, 'utf8')))
    await page.goto('/admin/messages')
    if (/\/admin\/messages/.test(page.url())) return waitForHydration(page)
  }
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/admin\/messages/)
  writeFileSync(ADMIN_STATE, JSON.stringify(await page.context().cookies()))
}

/**
 * Holds back the page's JavaScript (which the landing pages load after the first paint) until
 * the returned function is called, so a test can act before the page has hydrated. Open the
 * page with `openBeforeCode`, not `page.goto`.
 */
export async function holdPageCode(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Opens a landing page whose code `holdPageCode` holds back, and waits for what a reader sees
 * before the code: the page painted, with its fonts. Not for `load`: the page adds its scripts
 * at the first contentful paint, which on a busy machine can come before the load event, and a
 * held script then holds that event back as well.
 */
export async function openBeforeCode(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(async () => {
    await document.fonts.ready
    return performance.getEntriesByName('first-contentful-paint').length > 0
  })
}

/** A toast with `text` in it (the toaster marks each toast with a test id). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text })
}

export const BANNER_DIALOG_TITLE = 'Hero Banner Görsellerini Düzenle'

/** Signs in and opens the banner dialog; resolves once its form has loaded both banners. */
export async function openBannerDialog(page: Page): Promise<Locator> {
  await signInAsAdmin(page)
  await page.getByRole('button', { name: 'Banner Yönetimi' }).click()
  const dialog = page.getByRole('dialog', { name: BANNER_DIALOG_TITLE })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Kaydet' })).toBeVisible()
  return dialog
}

/** Leaves the shared server with the default banners, whatever a test saved. */
export async function resetBanners(browser: Browser, baseURL: string | undefined): Promise<void> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const dialog = await openBannerDialog(page)
  await dialog.getByRole('button', { name: 'Varsayılanlara Dön' }).click()
  await expect(toast(page, 'Varsayılan görsellere döndürüldü')).toBeVisible()
  await context.close()
}
