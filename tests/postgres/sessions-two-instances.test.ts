/**
 * Sessions staff can end ('Hesabım' → 'Oturumlar'), two browsers on two production servers in the
 * postgres mode, one database: 'Diğer Tüm Oturumları Kapat' on one instance signs the other
 * browser's open inbox out on the other instance at once; an admin taken off the team is signed
 * out of their open inbox within 5 s, and being added back opens nothing.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, expect as playwrightExpect } from '@playwright/test'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeContactMessage } from '~/backend/seed-messages'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { pgDatabase } from '~/backend/sql/pg.server'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'
import { type AppServer, startAppServers, stopAppServers } from '../integration/app-server'
import { signInInBrowser } from '../support/browser-sign-in'
import { type PlainDatabase, createPlainDatabase } from '../support/test-database'

// Budgets for a busy machine, as the browser suite's (playwright.config.ts): a wait ends as soon as the thing is there.
const pwExpect = playwrightExpect.configure({ timeout: 15_000 })
/** The promise: an ended session's open inbox is at the login within this long. */
const SIGNED_OUT_WITHIN_MS = 5_000

const OWNER = 'sessions-owner@example.com'
const ADMIN = 'sessions-admin@example.com'
/** Signs in twice (once on each instance) in the first test: a code is read as the newest one mailed. */
const SELF = 'sessions-self@example.com'

let database: PlainDatabase
let servers: AppServer[] = []
let browser: Browser
const dataDirs = [mkdtempSync(join(tmpdir(), 'pusula-sessions-a-')), mkdtempSync(join(tmpdir(), 'pusula-sessions-b-'))] as const

beforeAll(async () => {
  database = await createPlainDatabase()
  const env = { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: `${OWNER},${ADMIN},${SELF}` }
  servers = await startAppServers(dataDirs, env)
  // One message, so that the inbox each browser opens has a list to show.
  const db = pgDatabase({ url: database.url, maxConnections: 1, applicationName: 'sessions-seed' })
  await insertContactMessages(db, [
    makeContactMessage({ name: 'Oturum Testi', email: 'ziyaretci-oturum@example.com', createdAt: new Date() }),
  ])
  await db.close()
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await stopAppServers(servers, dataDirs)
  await database?.drop()
})

it("'Diğer Tüm Oturumları Kapat' on one instance signs the other browser out on the other at once", async () => {
  const [a, b] = servers as [AppServer, AppServer]
  const here = await (await browser.newContext()).newPage()
  const there = await (await browser.newContext()).newPage()
  await signInInBrowser(here, a, SELF)
  // The other browser's inbox stays open on the other instance, its live feed connected.
  await signInInBrowser(there, b, SELF)

  await here.goto(`${a.baseUrl}/admin/account`)
  await here.locator('html[data-hydrated]').waitFor()
  const section = here.getByRole('region', { name: 'Oturumlar' })
  const rows = section.getByTestId('staff-session')
  await pwExpect(rows).toHaveCount(2)
  await pwExpect(rows.first()).toContainText('Bu oturum')
  await pwExpect(rows.first()).toContainText('Chrome')
  await pwExpect(rows.first()).toContainText('127.0.0.0/24')
  await pwExpect(rows.nth(1)).not.toContainText('Bu oturum')
  const axe = await new AxeBuilder({ page: here })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await section.getByRole('button', { name: 'Diğer Tüm Oturumları Kapat' }).click()
  await pwExpect(there).toHaveURL(/\/admin\/login/, { timeout: SIGNED_OUT_WITHIN_MS })
  await pwExpect(here.getByTestId('toast').filter({ hasText: 'Diğer oturumlar kapatıldı.' })).toBeVisible()
  await pwExpect(rows).toHaveCount(1)
  // The cookie it still has opens nothing, on either instance.
  await there.goto(`${a.baseUrl}/admin/messages`)
  await pwExpect(there).toHaveURL(/\/admin\/login/)
  // This browser is still signed in.
  await here.reload()
  await pwExpect(section.getByTestId('staff-session')).toHaveCount(1)
  await here.context().close()
  await there.context().close()
}, 120_000)

it('an admin taken off the team is signed out of their open inbox within 5 s, and stays out when added back', async () => {
  const [a, b] = servers as [AppServer, AppServer]
  const owner = await (await browser.newContext()).newPage()
  const admin = await (await browser.newContext()).newPage()
  await signInInBrowser(owner, a, OWNER)
  await signInInBrowser(admin, b, ADMIN)

  await owner.goto(`${a.baseUrl}/admin/team`)
  await pwExpect(owner.getByRole('button', { name: 'Ekle', exact: true })).toBeEnabled()
  await owner.getByRole('button', { name: `Kaldır: ${ADMIN}` }).click()
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Kaldır' }).click()
  await pwExpect(admin).toHaveURL(/\/admin\/login/, { timeout: SIGNED_OUT_WITHIN_MS })
  await pwExpect(owner.getByTestId('toast').filter({ hasText: `${ADMIN} ekipten çıkarıldı.` })).toBeVisible()

  await owner.getByLabel('E-posta adresi').fill(ADMIN)
  await owner.getByRole('button', { name: 'Ekle', exact: true }).click()
  await pwExpect(owner.getByTestId('toast').filter({ hasText: `${ADMIN} ekibe eklendi.` })).toBeVisible()
  await admin.goto(`${b.baseUrl}/admin/messages`)
  await pwExpect(admin).toHaveURL(/\/admin\/login/)
  await owner.context().close()
  await admin.context().close()
}, 120_000)
