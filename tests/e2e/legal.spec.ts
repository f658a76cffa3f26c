import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { E2E_RETENTION } from '../../playwright.config'
import { openPage } from './helpers'

/** The retention the e2e server is configured with, not the defaults. */
const { messageDays: MESSAGE_DAYS, ipDays: IP_DAYS, visitRawDays: VISIT_DAYS } = E2E_RETENTION

const PAGES = [
  { tr: '/kvkk', en: '/en/data-protection', title: { tr: 'KVKK Aydınlatma Metni', en: 'Data Protection Notice' } },
  { tr: '/gizlilik', en: '/en/privacy', title: { tr: 'Gizlilik Politikası', en: 'Privacy Policy' } },
  { tr: '/cerezler', en: '/en/cookies', title: { tr: 'Çerez Politikası', en: 'Cookie Policy' } },
] as const

for (const legal of PAGES) {
  for (const locale of ['tr', 'en'] as const) {
    const other = locale === 'tr' ? 'en' : 'tr'
    test(`${legal[locale]} is the ${legal.title[locale]} in its language, linked to its other language`, async ({ page }) => {
      const response = await openPage(page, legal[locale])
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title[locale])
      await expect(page).toHaveTitle(`${legal.title[locale]} | Pusula Dijital`)
      const origin = new URL(page.url()).origin
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${origin}${legal[locale]}`)
      await expect(page.locator('link[rel=alternate][hreflang=tr]')).toHaveAttribute('href', `${origin}${legal.tr}`)
      await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', `${origin}${legal.en}`)
      // The site's header and footer frame the page; the three legal pages link one another.
      await expect(page.getByRole('contentinfo')).toBeVisible()
      const nav = page.getByRole('navigation', { name: locale === 'tr' ? 'Yasal metinler' : 'Legal pages' })
      await expect(nav.getByRole('link')).toHaveCount(3)
      await expect(nav.getByRole('link', { name: legal.title[locale] })).toHaveAttribute('aria-current', 'page')
      // The language toggle leads to the same page in the other language.
      await page.getByTestId('language-toggle').click()
      await expect(page).toHaveURL(`${origin}${legal[other]}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title[other])
    })

    test(`${legal[locale]} has no accessibility violations`, async ({ page }) => {
      await openPage(page, legal[locale])
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
}

test('the footer of the landing page leads to the legal pages in its language', async ({ page }) => {
  for (const [home, locale] of [
    ['/', 'tr'],
    ['/en', 'en'],
  ] as const) {
    for (const legal of PAGES) {
      await openPage(page, home)
      await page.getByRole('contentinfo').getByRole('link', { name: legal.title[locale] }).click()
      await expect(page).toHaveURL(new RegExp(`${legal[locale]}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title[locale])
    }
  }
})

test('the notice states the configured retention periods, in both languages', async ({ page }) => {
  await openPage(page, '/kvkk')
  await expect(page.getByTestId('notice-message-retention')).toContainText(`itibaren ${MESSAGE_DAYS} gün saklanır`)
  await expect(page.getByTestId('notice-ip-retention')).toContainText(`IP adresi ${IP_DAYS} gün sonra silinir`)
  await expect(page.getByTestId('notice-visit-retention')).toContainText(
    `${VISIT_DAYS} gün sonra silinir; yalnızca kişisel veri içermeyen günlük toplamlar kalır`,
  )
  await expect(page.getByTestId('notice-abroad')).toHaveText(/yurt dışına aktarılmaz/)
  await openPage(page, '/en/data-protection')
  await expect(page.getByTestId('notice-message-retention')).toContainText(`kept for ${MESSAGE_DAYS} days`)
  await expect(page.getByTestId('notice-ip-retention')).toContainText(`erased after ${IP_DAYS} days`)
  await expect(page.getByTestId('notice-visit-retention')).toContainText(
    `deleted after ${VISIT_DAYS} days; only daily totals without personal data remain`,
  )
  await openPage(page, '/en/privacy')
  await expect(page.getByTestId('privacy-retention')).toContainText(
    `after ${MESSAGE_DAYS} days, IP addresses after ${IP_DAYS} days`,
  )
})

test('above the send button, one line says who processes the message and why, and links the notice', async ({ page }) => {
  for (const [home, notice, text] of [
    ['/', '/kvkk', 'talebinize yanıt vermek ve kötüye kullanımı önlemek amacıyla Pusula Dijital tarafından işlenir'],
    ['/en', '/en/data-protection', 'Pusula Dijital processes your message to answer your inquiry and to prevent abuse'],
  ] as const) {
    await openPage(page, home)
    const form = page.getByTestId('contact-form')
    const line = form.getByTestId('contact-privacy')
    await expect(line).toContainText(text)
    // No box to tick, pre-ticked or not.
    await expect(form.getByRole('checkbox')).toHaveCount(0)
    await line.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`${notice}$`))
  }
})
