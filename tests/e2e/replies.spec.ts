import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { ADMIN_EMAIL, readOutbox, signInAsAdmin, waitForHydration } from './helpers'
import { detail, expectToast } from './inbox-helpers'

/**
 * Answering a lead from the desk (docs/product.md#replies): a visitor writes from the English
 * page, staff reply from 'Mesaj Detayı' in the visitor's language, the reply leaves through the
 * mail queue (this server has no SMTP_URL: to the outbox) and shows in 'Yazışma' as sent.
 */
test('a lead written in English is answered in English from the message, and the thread shows the reply', async ({
  page,
  browser,
  baseURL,
  allowConsole,
}, testInfo) => {
  // The empty reply below is refused with a 400, which the browser logs.
  allowConsole(/Failed to load resource: the server responded with a status of 400/)
  const tag = Date.now().toString(36)
  const name = `Reply Visitor ${tag}`
  const visitor = `reply-${tag}@example.com`

  // The visitor in a browser of their own: the English page sets its own language cookie.
  const visitorContext = await browser.newContext({ baseURL })
  const site = await visitorContext.newPage()
  await site.goto('/en#contact')
  const form = site.getByTestId('contact-form')
  await waitForHydration(form)
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Email', { exact: true }).fill(visitor)
  await form.getByLabel('Message', { exact: true }).fill('Hello,\nwe would like an offer for a CRM migration.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(site.getByText('Message Received!')).toBeVisible()
  await visitorContext.close()

  let link = ''
  await expect
    .poll(() => {
      const mail = readOutbox().find((m) => m.to === ADMIN_EMAIL && m.kind === 'new_message' && m.subject.includes(name))
      link = mail?.text.match(/http:\/\/127\.0\.0\.1:\d+(\/admin\/messages\?id=[0-9a-f-]{36})/)?.[1] ?? ''
      return link
    })
    .not.toBe('')

  await signInAsAdmin(page)
  await page.goto(link)
  await waitForHydration(page)
  const panel = detail(page)
  await expect(panel.getByTestId('detail-name')).toHaveText(name)

  await panel.getByRole('button', { name: 'Yanıtla' }).click()
  const body = panel.getByLabel('Yanıtınız')
  await expect(body).toBeFocused()
  // The visitor wrote from the English page: the reply's language is English unless staff change it.
  await expect(panel.getByRole('radio', { name: 'English' })).toBeChecked()
  await expect(panel.getByText(`Alıcı: ${visitor}`)).toBeVisible()
  await expect(panel.getByText(/outbox\.jsonl/)).toBeVisible()

  // An empty reply: a clear error beside the field, nothing sent.
  await body.fill('   ')
  await panel.getByRole('button', { name: 'Gönder' }).click()
  await expectToast(page, 'Yanıt gönderilirken bir hata oluştu.')
  await expect(panel.getByText('Yanıt boş olamaz.')).toBeVisible()
  await expect(body).toHaveAttribute('aria-invalid', 'true')

  const text = 'Dear visitor,\n\nthank you; our offer follows.\n<b>not markup</b>'
  await body.fill(text)
  await page.setViewportSize({ width: 1440, height: 900 })
  await panel.screenshot({ path: testInfo.outputPath('composer-1440.png') })
  const axe = await new AxeBuilder({ page }).include('[data-testid="message-detail"]').analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await panel.getByRole('button', { name: 'Gönder' }).click()
  await expectToast(page, 'Yanıt gönderildi.')
  await expect(panel.getByRole('button', { name: 'Yanıtla' })).toBeFocused()

  const thread = panel.getByTestId('reply-thread')
  await expect(panel.getByRole('heading', { name: 'Yazışma' })).toBeVisible()
  const entry = thread.getByTestId('thread-entry')
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText(`${ADMIN_EMAIL} yanıtladı`)
  // Line breaks kept; the text stays text.
  await expect(entry.locator('p')).toHaveText(text)
  await expect(entry.locator('b')).toHaveCount(0)
  await expect(entry.getByTestId('reply-state')).toHaveAttribute('data-state', 'sent')
  await expect(entry.getByText('Gönderildi')).toBeVisible()

  const sent = readOutbox().filter((m) => m.to === visitor) as (ReturnType<typeof readOutbox>[number] & {
    messageId?: string
  })[]
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({ kind: 'reply', subject: 'About your message – Pusula Dijital' })
  expect(sent[0]!.text).toBe(`${text}\n\n--\n${ADMIN_EMAIL}\nPusula Dijital`)
  expect(sent[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/)

  await page.setViewportSize({ width: 1440, height: 900 })
  await panel.screenshot({ path: testInfo.outputPath('thread-1440.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await panel.screenshot({ path: testInfo.outputPath('thread-390.png') })
})
