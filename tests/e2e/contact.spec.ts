import type { Page, Route } from '@playwright/test'
import { expect, test } from './fixtures'
import { holdPageCode, openBeforeCode, waitForHydration } from './helpers'

/**
 * The contact form (docs/product.md#contact-form): validation messages in both languages, the sending state,
 * success and failure toasts, the per-address rate limit, the honeypot, and the form without
 * JavaScript. Stored messages are checked in the inbox suites; here the server's answer is.
 */

const MESSAGES = {
  en: {
    path: '/en',
    labels: { name: 'Name', email: 'Email', message: 'Message' },
    submit: 'Send Message',
    required: ['Name is required', 'Email is required', 'Message is required'],
    short: ['Name must be at least 2 characters', 'Please enter a valid email', 'Message must be at least 10 characters'],
    success: ['Message Received!', 'We will get back to you as soon as possible.'],
    failure: 'Sending Failed',
    limited: 'You have sent several messages in a short time. Please try again later.',
  },
  tr: {
    path: '/',
    labels: { name: 'İsim', email: 'E-posta', message: 'Mesaj' },
    submit: 'Mesajı Gönder',
    required: ['İsim gereklidir', 'E-posta gereklidir', 'Mesaj gereklidir'],
    short: ['İsim en az 2 karakter olmalıdır', 'Lütfen geçerli bir e-posta adresi girin', 'Mesaj en az 10 karakter olmalıdır'],
    success: ['Mesajınız Alındı!', 'En kısa sürede size dönüş yapacağız.'],
    failure: 'Gönderim Hatası',
    limited: 'Kısa sürede çok sayıda mesaj gönderdiniz. Lütfen daha sonra tekrar deneyin.',
  },
} as const

type Copy = (typeof MESSAGES)[keyof typeof MESSAGES]

function form(page: Page) {
  return page.getByTestId('contact-form')
}

async function openForm(page: Page, copy: Copy) {
  await page.goto(`${copy.path}#contact`)
  // The form hydrates on its own, after the page, as it nears the viewport; then it takes over
  // from the native post (and the browser's own checks).
  await waitForHydration(form(page))
  await expect(form(page)).toHaveAttribute('novalidate', '')
}

async function fill(page: Page, copy: Copy, values: { name: string; email: string; message: string }) {
  await form(page).getByLabel(copy.labels.name, { exact: true }).fill(values.name)
  await form(page).getByLabel(copy.labels.email, { exact: true }).fill(values.email)
  await form(page).getByLabel(copy.labels.message, { exact: true }).fill(values.message)
}

/** The form's own call (a POST); anything else the page may fetch meanwhile goes through untouched. */
function isSubmission(route: Route) {
  return route.request().method() === 'POST'
}

const VALID = {
  name: 'Ayşe Yılmaz',
  email: 'ayse.yilmaz@example.com',
  message: 'ERP seçimi için bir görüşme planlamak istiyoruz.',
}

for (const [locale, copy] of Object.entries(MESSAGES)) {
  test(`${locale}: every validation message, under its field`, async ({ page }) => {
    await openForm(page, copy)
    await form(page).getByRole('button', { name: copy.submit }).click()
    const fields = [copy.labels.name, copy.labels.email, copy.labels.message]
    for (const [i, label] of fields.entries()) {
      const input = form(page).getByLabel(label, { exact: true })
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(input).toHaveAccessibleDescription(copy.required[i]!)
    }
    await fill(page, copy, { name: 'A', email: 'not-an-email', message: 'Too short' })
    for (const [i, label] of fields.entries()) {
      await expect(form(page).getByLabel(label, { exact: true })).toHaveAccessibleDescription(copy.short[i]!)
    }
    await fill(page, copy, VALID)
    for (const label of fields) {
      await expect(form(page).getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'false')
    }
    await expect(form(page).getByRole('alert')).toHaveCount(0)
  })
}

test('a valid message shows Sending..., then the success toast, and the form is cleared', async ({ page }) => {
  const copy = MESSAGES.en
  await openForm(page, copy)
  await fill(page, copy, VALID)
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_serverFn/**', async (route) => {
    if (isSubmission(route)) await held
    await route.fallback()
  })
  await form(page).getByRole('button', { name: copy.submit }).click()
  await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled()
  release()
  const toast = page.getByTestId('toast').filter({ hasText: copy.success[0] })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText(copy.success[1])
  await expect(form(page).getByLabel('Name', { exact: true })).toHaveValue('')
  await expect(form(page).getByLabel('Message', { exact: true })).toHaveValue('')
  await expect(form(page).getByRole('button', { name: copy.submit })).toBeEnabled()
})

test('text typed before the page’s code has arrived is kept and sent', async ({ page }) => {
  const copy = MESSAGES.en
  // The page's code loads after the first paint: hold it back, so the typing surely comes first.
  const release = await holdPageCode(page)
  await openBeforeCode(page, `${copy.path}#contact`)
  await fill(page, copy, VALID)
  await expect(form(page)).not.toHaveAttribute('data-hydrated')
  release()
  await waitForHydration(form(page))
  await expect(form(page)).toHaveAttribute('novalidate', '')
  await expect(form(page).getByLabel('Name', { exact: true })).toHaveValue(VALID.name)
  await expect(form(page).getByLabel('Email', { exact: true })).toHaveValue(VALID.email)
  await expect(form(page).getByLabel('Message', { exact: true })).toHaveValue(VALID.message)
  await form(page).getByRole('button', { name: copy.submit }).click()
  await expect(page.getByTestId('toast').filter({ hasText: copy.success[0] })).toBeVisible()
})

test('a failed sending shows the failure toast and keeps the typed text', async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource|status of 500/)
  const copy = MESSAGES.tr
  await openForm(page, copy)
  await fill(page, copy, VALID)
  await page.route('**/_serverFn/**', (route) =>
    isSubmission(route) ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }) : route.fallback(),
  )
  await form(page).getByRole('button', { name: copy.submit }).click()
  const toast = page.getByTestId('toast').filter({ hasText: copy.failure })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Lütfen tekrar deneyin.')
  await expect(form(page).getByLabel('İsim', { exact: true })).toHaveValue(VALID.name)
  await expect(form(page).getByLabel('Mesaj', { exact: true })).toHaveValue(VALID.message)
})

for (const locale of ['tr', 'en'] as const) {
  test(`${locale}: a sender who goes too fast is told to try again later`, async ({ page, allowConsole }) => {
    allowConsole(/status of 429/)
    const copy = MESSAGES[locale]
    await openForm(page, copy)
    for (let i = 0; i < 5; i++) {
      await fill(page, copy, { ...VALID, message: `${VALID.message} (${i + 1})` })
      await form(page).getByRole('button', { name: copy.submit }).click()
      await expect(form(page).getByLabel(copy.labels.message, { exact: true })).toHaveValue('')
    }
    await fill(page, copy, VALID)
    const answer = page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST')
    await form(page).getByRole('button', { name: copy.submit }).click()
    const response = await answer
    expect(response.status()).toBe(429)
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0)
    const toast = page.getByTestId('toast').filter({ hasText: copy.limited })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText(copy.failure)
    await expect(form(page).getByLabel(copy.labels.message, { exact: true })).toHaveValue(VALID.message)
  })
}

test('a filled honeypot is answered like a success', async ({ page }) => {
  const copy = MESSAGES.en
  await openForm(page, copy)
  await fill(page, copy, VALID)
  await page.locator('#contact-website').fill('https://spam.example', { force: true })
  await form(page).getByRole('button', { name: copy.submit }).click()
  await expect(page.getByTestId('toast').filter({ hasText: copy.success[0] })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts natively and the page reports the result in its language', async ({ page }) => {
    await page.goto('/en#contact')
    await fill(page, MESSAGES.en, VALID)
    await form(page).getByRole('button', { name: MESSAGES.en.submit }).click()
    await expect(page).toHaveURL(/\/en\?contact=sent#contact$/)
    const notice = page.getByTestId('contact-notice')
    await expect(notice).toContainText('Message Received!')
    await expect(notice).toContainText('We will get back to you as soon as possible.')
  })

  test('the browser checks the fields before posting', async ({ page }) => {
    await page.goto('/#contact')
    await form(page).getByRole('button', { name: MESSAGES.tr.submit }).click()
    await expect(page).toHaveURL(/\/#contact$/)
    expect(
      await form(page)
        .getByLabel('İsim', { exact: true })
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true)
  })
})
