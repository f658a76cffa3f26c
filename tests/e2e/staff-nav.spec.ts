import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, openPage, signInAsAdmin } from './helpers'

/**
 * The staff area's navigation, shared by every staff page: a rail of icons from 1280 px, a sidebar
 * from 1536 px, a menu behind 'Menü' below; the current page marked, usable by keyboard alone.
 */

const PAGES = [
  'İletişim Mesajları',
  'Hazır Yanıtlar',
  'Site İçeriği',
  'İstatistikler',
  'Ekip',
  'KVKK',
  'Etkinlik Kaydı',
  'Hesabım',
]
const staffNav = (page: Page, name = 'Panel menüsü') => page.getByRole('navigation', { name })

/** The links' names, in order (the rail's tooltips are for sight only and not part of them). */
async function expectPages(page: Page, pages: string[], nav = staffNav(page)) {
  const links = nav.getByRole('link')
  await expect(links).toHaveCount(pages.length)
  for (const [index, name] of pages.entries()) await expect(links.nth(index)).toHaveAccessibleName(name)
}

async function expectCurrent(page: Page, current: string) {
  await expectPages(page, PAGES)
  for (const name of PAGES) {
    const link = staffNav(page).getByRole('link', { name, exact: true })
    if (name === current) await expect(link).toHaveAttribute('aria-current', 'page')
    else await expect(link).not.toHaveAttribute('aria-current')
  }
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)
}

test('from 1280 px a rail, from 1536 px a sidebar, lists the staff pages, marks the current one, works by keyboard', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInAsAdmin(page)
  await openPage(page, '/admin/messages?status=read')
  await expectCurrent(page, 'İletişim Mesajları')
  // Who is signed in, and one 'Çıkış' (the sidebar's), with no phone menu on a wide screen.
  await expect(page.getByTestId('staff-email')).toHaveText(ADMIN_EMAIL)
  await expect(page.getByRole('button', { name: 'Çıkış' })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('inbox-1440.png') })
  // Hovering an icon of the rail shows its label.
  const teamLink = staffNav(page).getByRole('link', { name: 'Ekip', exact: true })
  const tooltip = teamLink.locator('span[aria-hidden="true"]')
  expect((await teamLink.boundingBox())!.width).toBeLessThan(64)
  await expect(tooltip).toHaveCSS('opacity', '0')
  await teamLink.hover()
  await expect(tooltip).toHaveCSS('opacity', '1')
  await page.screenshot({ path: testInfo.outputPath('inbox-1440-hover.png') })
  await page.mouse.move(700, 500)
  await expect(tooltip).toHaveCSS('opacity', '0')
  // From 1536 px the sidebar spells the pages out and shows the address.
  await page.setViewportSize({ width: 1600, height: 900 })
  await expect(tooltip).toBeHidden()
  expect((await teamLink.boundingBox())!.width).toBeGreaterThan(150)
  await expect(page.getByTestId('staff-email')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('inbox-1600.png') })
  // Below 1280 px the inbox needs all the width for its list and detail: 'Menü' instead of a rail.
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(staffNav(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('inbox-1024.png') })
  await page.setViewportSize({ width: 1440, height: 900 })

  // The sidebar comes first in the tab order; each link shows where the focus is.
  await page.keyboard.press('Tab')
  const first = staffNav(page).getByRole('link', { name: 'İletişim Mesajları' })
  await expect(first).toBeFocused()
  expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
  // 'Hazır Yanıtlar', 'Site İçeriği' and 'İstatistikler' come between.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
  await expect(staffNav(page).getByRole('link', { name: 'Ekip', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/team$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ekip' })).toBeVisible()
  await expectCurrent(page, 'Ekip')
  await page.screenshot({ path: testInfo.outputPath('team-1440.png') })

  await staffNav(page).getByRole('link', { name: 'KVKK' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'KVKK ve Kişisel Veriler' })).toBeVisible()
  await expectCurrent(page, 'KVKK')
  await page.screenshot({ path: testInfo.outputPath('privacy-1440.png') })
  await expectAccessible(page)
})

test('at 390 px the pages are behind Menü: it opens, marks the page, closes on Escape and on a choice', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/admin/team')
  await expect(staffNav(page)).toHaveCount(0)
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('team-390.png') })

  const menuButton = page.getByRole('button', { name: 'Menü' })
  await menuButton.click()
  const menu = page.getByRole('dialog', { name: 'Admin Paneli' })
  await expect(menu).toBeVisible()
  await expectCurrent(page, 'Ekip')
  await expect(menu.getByText(ADMIN_EMAIL)).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Çıkış' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('menu-390.png') })
  await expectAccessible(page)

  // Escape closes it and gives the focus back to 'Menü'.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()

  // Opened by keyboard, a page chosen: the menu closes and the page is the chosen one.
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'KVKK' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/privacy$/)
  await expect(menu).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'KVKK ve Kişisel Veriler' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('privacy-390.png') })

  await menuButton.click()
  await menu.getByRole('link', { name: 'İletişim Mesajları' }).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'İletişim Mesajları' })).toBeVisible()
  // The inbox keeps its own 'Çıkış' on phones, next to 'Yenile' and 'Banner Yönetimi'.
  await expect(page.getByRole('button', { name: 'Çıkış' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.screenshot({ path: testInfo.outputPath('inbox-390.png') })
})

test('the English staff area names its navigation in English', async ({ page, context, baseURL }) => {
  await signInAsAdmin(page)
  // Leave the Turkish page before switching: it would write its language back into the cookie.
  await page.goto('about:blank')
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL! }])
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, '/admin/team')
  const nav = staffNav(page, 'Staff menu')
  await expectPages(
    page,
    ['Contact Messages', 'Saved Replies', 'Site content', 'Statistics', 'Team', 'Privacy', 'Activity Log', 'My account'],
    nav,
  )
  await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await page.setViewportSize({ width: 1600, height: 900 })
  await expect(page.getByText('Signed in as')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Admin Panel' }).getByRole('link', { name: 'Team' })).toHaveAttribute(
    'aria-current',
    'page',
  )
})
