/**
 * Working a lead as a team (docs/product.md#working-leads-as-a-team), two browsers on two
 * production servers in the postgres mode, one database: a takes a lead and the owner filters
 * follow; a note mentioning b mails b, never the visitor; assigning the lead to b mails b; the
 * history names both by name.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, expect as playwrightExpect } from '@playwright/test'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { insertContactMessages } from '~/backend/sql/messages.server'
import { pgDatabase } from '~/backend/sql/pg.server'
import { makeContactMessage } from '~/backend/seed-messages'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'
import { type AppServer, startAppServers, stopAppServers } from '../integration/app-server'
import { signInInBrowser } from '../support/browser-sign-in'
import { type PlainDatabase, createPlainDatabase } from '../support/test-database'

// Budgets for a busy machine, as the browser suite's (playwright.config.ts): a wait ends as soon as the thing is there.
const pwExpect = playwrightExpect.configure({ timeout: 15_000 })

const A = 'lead-a@example.com'
const B = 'lead-b@example.com'
const VISITOR = 'ziyaretci-lead@example.com'

let database: PlainDatabase
let servers: AppServer[] = []
let browser: Browser
const dataDirs = [mkdtempSync(join(tmpdir(), 'pusula-leads-a-')), mkdtempSync(join(tmpdir(), 'pusula-leads-b-'))] as const

/** Every mail either instance's worker sent (whichever held the lease), to `to`. */
function mailsTo(to: string): { subject: string; text: string; kind?: string }[] {
  return dataDirs.flatMap((dir) => {
    try {
      return readFileSync(join(dir, 'outbox.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string; kind?: string })
        .filter((mail) => mail.to === to)
    } catch {
      return []
    }
  })
}

beforeAll(async () => {
  database = await createPlainDatabase()
  const env = { DATABASE_URL: database.url, SEED_ADMIN_EMAILS: `${A},${B}` }
  servers = await startAppServers(dataDirs, env)
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await stopAppServers(servers, dataDirs)
  await database?.drop()
})

it('a takes a lead, notes it for b, hands it to b: filters, mails and history follow, across instances', async () => {
  const [a, b] = servers as [AppServer, AppServer]
  const db = pgDatabase({ url: database.url, maxConnections: 1, applicationName: 'leads-seed' })
  const [id] = await insertContactMessages(db, [
    makeContactMessage({
      name: 'Ekip Müşterisi',
      email: VISITOR,
      message: 'ERP seçiminde yardım istiyoruz.',
      createdAt: new Date(),
    }),
  ])
  await db.close()

  const pageA = await (await browser.newContext()).newPage()
  const contextB = await browser.newContext()
  const pageB = await contextB.newPage()
  await signInInBrowser(pageA, a, A)
  await signInInBrowser(pageB, b, B)

  // b has a name ('Adınız' on 'Hesabım'); a has none, so a is shown by address.
  await pageB.goto(`${b.baseUrl}/admin/account`)
  await pageB.locator('html[data-hydrated]').waitFor()
  await pageB.getByLabel('Adınız').fill('Deniz Kaya')
  await pageB.getByLabel('İmza').fill('Deniz Kaya\nPusula Dijital')
  await pageB.getByRole('button', { name: 'Kaydet' }).click()
  await pwExpect(pageB.getByText('Kaydedildi.')).toBeVisible()

  // a takes it: the owner is a, '?owner=me' holds it, '?owner=none' does not.
  await pageA.goto(`${a.baseUrl}/admin/messages?id=${id}`)
  await pageA.locator('html[data-hydrated]').waitFor()
  const detailA = pageA.getByTestId('message-detail')
  await pwExpect(detailA).toContainText('Ekip Müşterisi')
  await detailA.getByRole('button', { name: 'Üstlen' }).click()
  await pwExpect(detailA.getByLabel('Sorumlu')).toHaveValue(A)
  await pageA.goto(`${a.baseUrl}/admin/messages?owner=me`)
  await pwExpect(pageA.getByTestId('message-row').filter({ hasText: 'Ekip Müşterisi' })).toHaveCount(1)
  await pageA.goto(`${a.baseUrl}/admin/messages?owner=none`)
  await pwExpect(pageA.getByTestId('inbox-total')).toHaveText(/Toplam/)
  await pwExpect(pageA.getByTestId('message-row').filter({ hasText: 'Ekip Müşterisi' })).toHaveCount(0)

  // A note mentioning b, chosen from the suggestions as one types.
  await pageA.goto(`${a.baseUrl}/admin/messages?id=${id}`)
  // Typed only once the page is live (its readiness signal), as a person would wait for it.
  await pageA.locator('html[data-hydrated]').waitFor()
  const note = detailA.getByLabel('İç Not', { exact: true })
  // The suggestions come from the team's names, which 'Sorumlu' lists too: typed once they are there.
  await pwExpect(detailA.getByLabel('Sorumlu').locator('option', { hasText: 'Deniz Kaya' })).toBeAttached()
  await note.pressSequentially('Bu firmayı tanıyor musun @Den')
  await pwExpect(note).toHaveValue('Bu firmayı tanıyor musun @Den')
  await pwExpect(
    detailA.getByRole('listbox', { name: 'Bahsedilecek meslektaşlar' }).getByRole('option', { name: /Deniz Kaya/ }),
  ).toBeVisible()
  await note.press('Enter')
  await pwExpect(note).toHaveValue('Bu firmayı tanıyor musun @Deniz Kaya ')
  await detailA.getByRole('button', { name: 'Notu Ekle' }).click()
  const shown = detailA.getByTestId('lead-note')
  await pwExpect(shown).toContainText('İç not')
  await pwExpect(shown).toContainText('Bu firmayı tanıyor musun @Deniz Kaya')

  // b opens the same lead on the other instance: a's detail says so; once b leaves, it is gone within 10 s.
  await pageB.goto(`${b.baseUrl}/admin/messages?id=${id}`)
  const viewing = detailA.getByTestId('lead-presence').getByText('Deniz Kaya bu mesajı görüntülüyor')
  await pwExpect(viewing).toBeVisible({ timeout: 10_000 })
  await pageB.close()
  await pwExpect(viewing).toBeHidden({ timeout: 10_000 })

  // Handed to b.
  await detailA.getByLabel('Sorumlu').selectOption(B)
  await pwExpect(pageA.getByTestId('lead-history')).toContainText(`${A}, sorumlu olarak Deniz Kaya kişisini atadı`)

  const leadMails = () => mailsTo(B).filter((mail) => mail.kind?.startsWith('lead_'))
  await vi.waitFor(
    () =>
      expect(
        leadMails()
          .map((mail) => mail.kind)
          .sort(),
      ).toEqual(['lead_assigned', 'lead_note']),
    {
      timeout: 30_000,
      interval: 250,
    },
  )
  const noteMail = leadMails().find((mail) => mail.kind === 'lead_note')!
  expect(noteMail.text).toContain('Bu firmayı tanıyor musun @Deniz Kaya')
  expect(noteMail.text).toMatch(new RegExp(`/admin/messages\\?id=${id}`))
  expect(leadMails().find((mail) => mail.kind === 'lead_assigned')!.subject).toBe('Size bir mesaj atandı: Ekip Müşterisi')
  // Never the visitor: no mail at all to their address.
  expect(mailsTo(VISITOR)).toEqual([])

  // b, on the other instance, sees it as theirs, with the whole history by name.
  const pageB2 = await (await browser.newContext({ storageState: await contextB.storageState() })).newPage()
  await pageB2.goto(`${b.baseUrl}/admin/messages?owner=me&id=${id}`)
  await pwExpect(pageB2.getByTestId('message-row').filter({ hasText: 'Ekip Müşterisi' })).toHaveCount(1)
  const history = pageB2.getByTestId('lead-history')
  // (Seeded in SQL, not through the contact form: no arrival line. The contract test covers it.)
  await pwExpect(history).toContainText(`${A} üstlendi`)
  await pwExpect(history).toContainText(`${A} iç not ekledi`)
  await pwExpect(history).toContainText(`${A}, sorumlu olarak Deniz Kaya kişisini atadı`)
  await pwExpect(pageB2.getByTestId('message-detail').getByLabel('Sorumlu')).toHaveValue(B)
}, 240_000)
