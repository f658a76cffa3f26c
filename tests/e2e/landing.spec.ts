import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openPage } from './helpers'

/**
 * The public landing page (docs/product.md#landing-page) in both languages, against the built server: sections,
 * copy, header, language toggle, head tags, industries and accessibility. The hero banner is
 * in landing-hero.spec.ts, the contact form in contact.spec.ts.
 */

const SECTION_ORDER = ['home', 'about', 'services', 'industries', 'products', 'references', 'contact']

const COPY = {
  tr: {
    path: '/',
    toggle: 'EN',
    nav: ['Ana Sayfa', 'Hakkımızda', 'Hizmetler', 'Sektörler', 'Ürünler', 'İletişim'],
    heroAlt: 'Yapay Zekâ Destekli Dijital Dönüşüm',
    headings: [
      'Hakkımızda',
      'Hizmetlerimiz',
      'Hizmet Verdiğimiz Sektörler',
      'Ürünlerimiz',
      'Sektör Liderlerinin Güvendiği Çözüm Ortağı',
      'İletişim',
    ],
    services: [
      'Yapay Zekâ Strateji Modelleme',
      'Dijital Olgunluk Endeksi',
      'Müşteri İlişkileri Yönetimi',
      'Organizasyonel Dönüşüm',
      'BT Yönetişimi',
      'Yapay Zekâ Destekli Müşteri Deneyimi Yönetimi',
    ],
    industries: ['Gayrimenkul', 'Perakende', 'Finans', 'Üretim', 'Lojistik', 'Hızlı Tüketim Ürünleri'],
    products: ['Yapay Zekâ Değerlendirme Platformu', 'Dönüşüm Gösterge Paneli', 'Strateji Simülatörü'],
    comingSoon: 'Çok Yakında',
    contact: ['Telefon', 'E-posta', 'Adres'],
    legal: ['KVKK Aydınlatma Metni', 'Gizlilik Politikası', 'Çerez Politikası'],
    copyright: '© 2024 Pusula Dijital. Tüm hakları saklıdır.',
    title: /^Pusula Dijital \| Yapay Zekâ Destekli/,
  },
  en: {
    path: '/en',
    toggle: 'TR',
    nav: ['Home', 'About', 'Services', 'Industries', 'Products', 'Contact'],
    heroAlt: 'AI-Powered Digital Transformation',
    headings: ['About Us', 'Our Services', 'Industries We Serve', 'Our Products', 'Trusted by Industry Leaders', 'Contact Us'],
    services: [
      'AI Strategy Modelling',
      'Digital Maturity Index',
      'Customer Relationship Management',
      'Organisational Transformation',
      'IT Governance',
      'AI-Supported Customer Experience Management',
    ],
    industries: ['Real Estate', 'Retail', 'Finance', 'Manufacturing', 'Logistics', 'FMCG'],
    products: ['AI Assessment Platform', 'Transformation Dashboard', 'Strategy Simulator'],
    comingSoon: 'Coming Soon',
    contact: ['Phone', 'E-mail', 'Address'],
    legal: ['Data Protection Notice', 'Privacy Policy', 'Cookie Policy'],
    copyright: '© 2024 Pusula Dijital. All rights reserved.',
    title: /^Pusula Dijital \| AI-Powered/,
  },
} as const

async function h3Texts(page: Page, section: string): Promise<string[]> {
  return page.locator(`#${section} h3`).allInnerTexts()
}

for (const [locale, copy] of Object.entries(COPY)) {
  test(`${locale}: every section in order, with its anchor and copy`, async ({ page }) => {
    const response = await page.goto(copy.path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page).toHaveTitle(copy.title)

    const ids = await page.locator('main > section').evaluateAll((els) => els.map((el) => el.id))
    expect(ids).toEqual(SECTION_ORDER)
    await expect(page.locator('header')).toBeVisible()
    await expect(page.locator('footer')).toBeVisible()

    const nav = page.getByRole('navigation').first()
    await expect(nav.getByRole('link')).toHaveText([...copy.nav])
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['#home', '#about', '#services', '#industries', '#products', '#contact'])

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 }).getByRole('img', { name: copy.heroAlt })).toBeVisible()
    await expect(page.locator('main h2')).toHaveText([...copy.headings])
    expect(await h3Texts(page, 'services')).toEqual(copy.services)
    expect(await h3Texts(page, 'industries')).toEqual(copy.industries)
    expect(await h3Texts(page, 'products')).toEqual(copy.products)
    await expect(page.locator('#products').getByText(copy.comingSoon, { exact: true })).toHaveCount(3)
    await expect(page.locator('#services li svg')).toHaveCount(6)
    await expect(page.locator('#industries img')).toHaveCount(6)
    await expect(page.getByTestId('contact-cards').locator('h3')).toHaveText([...copy.contact])
    await expect(page.getByTestId('contact-cards')).toContainText('+90 212 909 14 40')
    await expect(page.getByTestId('contact-cards')).toContainText('info@pusuladijital.com.tr')
    await expect(page.getByTestId('contact-cards')).toContainText('İstanbul')
    await expect(page.getByTestId('contact-form')).toBeVisible()

    const footer = page.locator('footer')
    for (const label of copy.legal) await expect(footer.getByRole('link', { name: label })).toBeVisible()
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      /linkedin\.com\/search\/results\/companies/,
    )
    await expect(footer).toContainText(copy.copyright)
  })

  test(`${locale}: the toggle shows the other language and leads to the same section`, async ({ page }) => {
    await openPage(page, copy.path)
    const toggle = page.getByTestId('language-toggle')
    await expect(toggle).toContainText(copy.toggle)
    await page.getByRole('navigation').first().getByRole('link', { name: copy.nav[3] }).click()
    await expect(page).toHaveURL(/#industries$/)
    await expect(toggle).toHaveAttribute('href', /#industries$/)
    await toggle.click()
    const other = locale === 'tr' ? 'en' : 'tr'
    await expect(page.locator('html')).toHaveAttribute('lang', other)
    await expect(page).toHaveURL(new RegExp(`${COPY[other].path === '/' ? '/' : '/en'}#industries$`))
    await expect(page.getByTestId('language-toggle')).toContainText(COPY[other].toggle)
    await expect(page.locator('#industries')).toBeInViewport()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'PARAGLIDE_LOCALE')?.value).toBe(other)
  })

  test(`${locale}: canonical, hreflang alternates, Open Graph and structured data`, async ({ page, baseURL }) => {
    await page.goto(copy.path)
    const origin = baseURL!.replace(/\/$/, '')
    const self = `${origin}${copy.path}`
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', self)
    await expect(page.locator('link[rel="alternate"][hreflang="tr"]')).toHaveAttribute('href', `${origin}/`)
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/en`)
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}/`)
    await expect(page.locator('meta[name="description"]')).toHaveCount(1)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', self)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}/og-image-${locale}.png`)
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', locale === 'tr' ? 'tr_TR' : 'en_US')
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
    expect(ld).toMatchObject({ '@type': 'Organization', name: 'Pusula Dijital', email: 'info@pusuladijital.com.tr' })
    const og = await page.request.get(`/og-image-${locale}.png`)
    expect(og.headers()['content-type']).toBe('image/png')
  })

  test(`${locale}: no accessibility violations`, async ({ page }) => {
    await openPage(page, copy.path)
    // Bring the lazy images in, so axe sees the page as a reader does.
    await page.locator('#contact').scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollTo(0, 0))
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('the link of the section in view is marked as current', async ({ page }) => {
  await openPage(page, '/en')
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location')
  await page.locator('#products').evaluate((el) => el.scrollIntoView())
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'location')
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', /.*/)
})

test('the skip link moves focus to the main content', async ({ page }) => {
  await openPage(page, '/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'İçeriğe geç' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu opens as a panel, closes on Escape and on a link click', async ({ page }) => {
    await openPage(page, '/en')
    const button = page.getByRole('button', { name: 'Open menu' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu')
    await expect(page.locator('#mobile-menu')).toBeHidden()

    await button.click()
    const panel = page.locator('#mobile-menu')
    await expect(panel).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await expect(panel.getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await panel.getByRole('link', { name: 'Services' }).click()
    await expect(panel).toBeHidden()
    await expect(page).toHaveURL(/\/en#services$/)
    await expect(page.locator('#services h2')).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('industry images', () => {
  const TINY_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

  test('the stored map overrides a default unless empty or a tiny placeholder; a broken image falls back', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/Failed to load resource/)
    await page.addInitScript((tiny) => {
      localStorage.setItem(
        'industry-images',
        JSON.stringify({ retail: '/og-image-en.png', finance: '', logistics: tiny, fmcg: '/images/industries/missing.png' }),
      )
    }, TINY_GIF)
    await openPage(page, '/en')
    const img = (key: string) => page.getByTestId(`industry-${key}`).locator('img')
    await expect(img('retail')).toHaveAttribute('src', '/og-image-en.png')
    await expect(img('finance')).toHaveAttribute('src', '/images/industries/finance.svg')
    await expect(img('logistics')).toHaveAttribute('src', '/images/industries/logistics.svg')
    await expect(img('real-estate')).toHaveAttribute('src', '/images/industries/real-estate.svg')
    await img('fmcg').scrollIntoViewIfNeeded()
    await expect(img('fmcg')).toHaveAttribute('src', '/images/industries/fmcg.svg')
    for (const key of ['retail', 'fmcg']) {
      await img(key).scrollIntoViewIfNeeded()
      await expect.poll(() => img(key).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
    }
  })

  test('every built-in image is sized and lazy; the server render uses the defaults', async ({ page, request }) => {
    const html = await (await request.get('/')).text()
    for (const key of ['real-estate', 'retail', 'finance', 'manufacturing', 'logistics', 'fmcg']) {
      expect(html).toContain(`/images/industries/${key}.svg`)
    }
    await page.goto('/')
    const attrs = await page
      .locator('#industries img')
      .evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height'), i.getAttribute('loading')]))
    expect(attrs).toEqual(Array(6).fill(['640', '400', 'lazy']))
  })
})
