import { expect, test } from './fixtures'
import { ADMIN_EMAIL, readOutbox, signInAsAdmin } from './helpers'
import { badgeIn, detail, expectToast, marker, openSearch, row, rows, seed } from './inbox-helpers'

/**
 * The spam filter end to end (docs/spam.md): a pitch sent through the contact form is answered
 * like any message, lands in 'Spam' and nowhere else, and mails nobody; 'Spam Değil' teaches the
 * filter that the sender's firm is genuine, so its next message arrives in the inbox.
 */

function notificationsOf(name: string) {
  return readOutbox().filter((mail) => mail.to === ADMIN_EMAIL && mail.kind === 'new_message' && mail.subject.endsWith(name))
}

async function chooseFilter(page: import('@playwright/test').Page, label: string, param: RegExp) {
  await page.getByRole('combobox', { name: 'Durum filtresi' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect(page).toHaveURL(param)
}

test('a spam message sent through the form is not in Tümü, is in Spam, sent no mail; Spam Değil trusts its firm', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAsAdmin(page)
  const tag = marker()
  const pitch = `Growth Partner ${tag}`
  const inquiry = `Ayşe Kaya ${tag}`
  const text = (link: string) =>
    `Hi there, I came across your website and noticed it is not on the first page of Google. We offer SEO services at an affordable price. Interested? https://bit.ly/${link}`
  // The form answers both alike ('Mesajınız Alındı!' after the redirect): seed() checks contact=sent.
  await seed(request, baseURL!, [
    { name: pitch, email: `mark@${tag}-growth.example`, message: `${text('seo')} ${tag}` },
    { name: inquiry, email: 'ayse@kayatekstil.example', message: `Merhaba, ERP geçişi için görüşmek istiyoruz. ${tag}` },
  ])
  // The inquiry's notification shows the mail went out; the pitch caused none.
  await expect.poll(() => notificationsOf(inquiry).length).toBe(1)
  expect(notificationsOf(pitch)).toHaveLength(0)

  await openSearch(page, tag)
  await expect(rows(page)).toHaveCount(1)
  await expect(row(page, inquiry)).toHaveCount(1)
  await expect(row(page, pitch)).toHaveCount(0)

  await chooseFilter(page, 'Spam', /[?&]status=spam/)
  await expect(rows(page)).toHaveCount(1)
  await expect(badgeIn(row(page, pitch))).toHaveText('Spam')
  expect(notificationsOf(pitch)).toHaveLength(0)

  // 'Spam Değil' on it: the firm's domain is trusted from now on.
  await row(page, pitch).click()
  await detail(page).getByRole('button', { name: 'Spam Değil' }).click()
  await expectToast(page, '1 mesaj gelen kutusuna taşındı.')
  const colleague = `Colleague ${tag}`
  await seed(request, baseURL!, [
    { name: colleague, email: `jane@${tag}-growth.example`, message: `${text('plan')} ${tag} again` },
  ])
  await expect.poll(() => notificationsOf(colleague).length).toBe(1)
  await openSearch(page, tag)
  await expect(row(page, colleague)).toHaveCount(1)
})
