import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, openPage, signIn, signInAsAdmin } from './helpers'

/**
 * The team page (docs/product.md#team): an admin adds a colleague, who signs in with the code mailed
 * to them; the admin removes them again, and the colleague's open page can do nothing more.
 * Nobody can remove themselves; the history names who made each change.
 */

const RUN = Date.now().toString(36)
const member = (page: Page, email: string) => page.getByTestId('team-member').filter({ hasText: email })
const latestChange = (page: Page) => page.getByTestId('team-change').first()

/** Opens the team page once it has hydrated ('Ekle' is disabled until then). */
async function openTeam(page: Page, add = 'Ekle') {
  await openPage(page, '/admin/team')
  await expect(page.getByRole('button', { name: add, exact: true })).toBeEnabled()
}

async function expectToast(page: Page, title: string) {
  await expect(page.getByTestId('toast').filter({ hasText: title }).last()).toBeVisible()
}

test('add a colleague who signs in, remove them, and read who did it', async ({ page, browser, baseURL, clientIp }) => {
  await signInAsAdmin(page)
  await page.getByRole('link', { name: 'Ekip' }).click()
  await expect(page).toHaveURL(/\/admin\/team$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ekip' })).toBeVisible()

  // Your own row: marked, and no way to remove it.
  const own = member(page, ADMIN_EMAIL)
  await expect(own).toContainText('Siz')
  await expect(own).toContainText('Kendinizi ekipten çıkaramazsınız.')
  await expect(own.getByRole('button')).toHaveCount(0)

  // An address the server would refuse is refused here first, in words under the field.
  const field = page.getByLabel('E-posta adresi')
  await field.fill('not-an-address')
  await page.getByRole('button', { name: 'Ekle', exact: true }).click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeFocused()

  const colleague = `team-${RUN}@example.com`
  await field.fill(colleague.toUpperCase())
  await page.getByRole('button', { name: 'Ekle', exact: true }).click()
  await expectToast(page, `${colleague} ekibe eklendi.`)
  await expect(field).toHaveValue('')
  await expect(member(page, colleague)).toBeVisible()
  await expect(latestChange(page)).toContainText(`${ADMIN_EMAIL}, ${colleague} adresini ekledi`)

  // The colleague signs in with the code mailed to them, and sees the team too.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } })
  try {
    const other = await context.newPage()
    await signIn(other, colleague)
    await expect(other).toHaveURL(/\/admin\/messages/)
    // An admin ('Yönetici') sees the team and their role, and is offered no change: owners change the team.
    await openPage(other, '/admin/team')
    await expect(member(other, colleague)).toContainText('Siz')
    await expect(member(other, colleague)).toContainText('Rol: Yönetici')
    await expect(other.getByRole('button', { name: 'Ekle', exact: true })).toHaveCount(0)
    await expect(other.getByRole('button', { name: /^Kaldır/ })).toHaveCount(0)
    // The owner's page offers 'Rol' for the new colleague, set to Yönetici.
    await expect(member(page, colleague).getByRole('combobox', { name: `Rol: ${colleague}` })).toHaveValue('admin')

    // Removing asks first; focus starts on 'İptal'.
    await member(page, colleague)
      .getByRole('button', { name: `Kaldır: ${colleague}` })
      .click()
    const dialog = page.getByRole('alertdialog', { name: 'Yönetici kaldırılsın mı?' })
    await expect(dialog).toContainText(colleague)
    await expect(dialog.getByRole('button', { name: 'İptal' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Kaldır' }).click()
    await expectToast(page, `${colleague} ekipten çıkarıldı.`)
    await expect(member(page, colleague)).toHaveCount(0)
    await expect(latestChange(page)).toContainText(`${ADMIN_EMAIL}, ${colleague} adresini çıkardı`)
    await expect(page.getByTestId('team-change').nth(1)).toContainText(`${colleague} adresini ekledi`)

    // The colleague's page is out of date: read again, the server refuses it, and the colleague
    // is sent to the login.
    await other.reload()
    await expect(other).toHaveURL(/\/admin\/login/)
    await expect(member(page, ADMIN_EMAIL)).toBeVisible()
  } finally {
    await context.close()
  }
})

test('the team page in English, with no accessibility violations', async ({ page }) => {
  await signInAsAdmin(page)
  await openTeam(page)
  await expect(page.getByTestId('team-history')).toBeVisible()
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])

  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: new URL(page.url()).origin }])
  await openTeam(page, 'Add')
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await expect(member(page, ADMIN_EMAIL)).toContainText('You cannot remove yourself from the team.')
  await expect(page.getByRole('heading', { name: 'Change History' })).toBeVisible()
  await page.context().clearCookies({ name: 'PARAGLIDE_LOCALE' })
})
