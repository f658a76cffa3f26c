import { expect, test } from './fixtures'
import { holdPageCode, openBeforeCode, waitForHydration } from './helpers'

/**
 * How the landing pages load (docs/decisions/014): content first, from the server's HTML with
 * the stylesheet and two small font files; the page's code only after the first contentful
 * paint; a tap that comes before the code is kept and replayed.
 */

for (const path of ['/', '/en']) {
  test(`${path}: scripts start after the first contentful paint; only the two small font files load`, async ({ page }) => {
    const fonts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname)
    })
    await page.goto(path)
    // The whole page, so every section's text has been laid out.
    await page.locator('footer').scrollIntoViewIfNeeded()
    await waitForHydration(page)
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.scripts.length).toBeGreaterThan(0)
    // One entry script element: hydration recognises the one the loader added.
    expect(await page.locator('script[type=module][src]').count()).toBe(1)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.fcp)
    expect(fonts.map((f) => f.replace(/-[\w-]{8}\.woff2$/, '.woff2')).sort()).toEqual([
      '/assets/inter-copy-wght.woff2',
      '/assets/inter-turkish-wght.woff2',
    ])
  })
}

test("a visitor's scripts carry none of the staff area's copy: the editor and the staff pages arrive only with their own code", async ({
  page,
}) => {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) bodies.push(response.text())
  })
  await page.goto('/')
  await waitForHydration(page)
  const code = (await Promise.all(bodies)).join('\n')
  expect(bodies.length).toBeGreaterThan(0)
  // Messages compile to template literals; a namespace imported whole would bring all of them.
  const found = ['Taslağı Kaydet', 'Yanıtınız', 'Notu Ekle', 'Bu Sürümü Geri Yükle'].filter((text) => code.includes(text))
  expect(found).toEqual([])
})

test('the sections the page never hydrates travel once, in the HTML, not again in the hydration payload', async ({ request }) => {
  for (const [path, ...once] of [
    [
      '/',
      'Pusula Dijital, İstanbul merkezli bağımsız bir danışmanlık firmasıdır.',
      'Dijital satış ve kiralama süreçleri, mülk ve tesis yönetimi platformları',
      'Bağımsız dijital dönüşüm danışmanlığı: iş odaklı strateji, tarafsız platform seçimi',
    ],
    [
      '/en',
      'Pusula Dijital is an independent consultancy based in Istanbul.',
      'Digital sales and leasing processes, property and facility management platforms',
      'Independent digital transformation consultancy: business-first strategy, objective platform',
    ],
  ] as const) {
    const html = await (await request.get(path)).text()
    for (const text of once) expect(html.split(text).length - 1, `${path}: ${text}`).toBe(1)
    // What hydrated parts need (the contact facts) is still in the payload.
    expect(html, path).toMatch(/<script[^>]*>[^<]*contact:/)
  }
})

test('the two font files are asked for before the stylesheet, so they are in before the first layout more often', async ({
  request,
}) => {
  // A font that lands after the page's first layout lays the whole page out again (decision 191).
  for (const path of ['/', '/en', '/kvkk']) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const stylesheet = head.search(/<link rel="stylesheet" href="\/assets\/styles-/)
    const fonts = [...head.matchAll(/<link rel="preload" href="\/assets\/inter-(copy|turkish)-wght-[^"]+" as="font"/g)]
    expect(stylesheet, path).toBeGreaterThan(0)
    expect(fonts.map((m) => m[1]).sort(), path).toEqual(['copy', 'turkish'])
    for (const font of fonts) expect(font.index, path).toBeLessThan(stylesheet)
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('a tap on the menu before the page’s code has arrived opens it once the code is there', async ({ page }) => {
    // Hold the page's code back, so the tap surely comes first.
    const release = await holdPageCode(page)
    await openBeforeCode(page, '/en')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.locator('#mobile-menu')).toBeHidden()
    release()
    await waitForHydration(page)
    await expect(page.locator('#mobile-menu')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused()
  })
})

test('a reader who scrolled before the page’s code arrived stays there once it has', async ({ page }) => {
  const release = await holdPageCode(page)
  await openBeforeCode(page, '/en')
  await page.locator('#products').evaluate((el) => el.scrollIntoView({ behavior: 'instant' }))
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(1000)
  release()
  await waitForHydration(page)
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'location')
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})

test('the language cookie follows the landing page read, before any script runs', async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource/)
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/en')
  expect((await page.context().cookies()).find((c) => c.name === 'PARAGLIDE_LOCALE')?.value).toBe('en')
  await page.goto('/')
  expect((await page.context().cookies()).find((c) => c.name === 'PARAGLIDE_LOCALE')?.value).toBe('tr')
})
